/**
 * The texts of a refused or failed access token, part of `messages` (messages.ts). Written apart
 * because the browser's session reads them at start-up, where the whole catalogue of messages
 * would weigh on the sign-in page.
 */
export const tokenMessages = {
  invalidAccessToken: 'Invalid access_token',
  accessTokenExpired: 'access_token expired',
  tokenSignInFailed: 'Error intentando ingresar con el TOKEN',
} as const;
