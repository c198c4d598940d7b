/**
 * Client-side reading of an access token. The signature is NOT verified here (the API does that);
 * the browser only needs the expiry to decide, at start-up, between auto-login and auto-logout
 * (spec 4).
 */

/** Decodes one base64url segment to text (UTF-8), without TextDecoder or Buffer. */
function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  let percentEncoded = '';
  for (let index = 0; index < binary.length; index += 1) {
    percentEncoded += '%' + binary.charCodeAt(index).toString(16).padStart(2, '0');
  }
  return decodeURIComponent(percentEncoded);
}

/** The payload of a JWT as an object, or null when the token is not a readable JWT. */
export function decodeJwtPayload(token: string | null | undefined): Record<string, unknown> | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1] === '') return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The expiry of a token in milliseconds since the epoch; `undefined` when the token carries no
 * `exp`, null when it cannot be read at all.
 */
export function tokenExpiresAt(token: string | null | undefined): number | null | undefined {
  const payload = decodeJwtPayload(token);
  if (payload === null) return null;
  const exp = payload.exp;
  if (exp === undefined) return undefined;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * Spec 4: a token is valid when its `exp` is not before now. An unreadable token (or an `exp`
 * that is not a number) is not valid; a readable token without `exp` is left to the API.
 */
export function isTokenValid(token: string | null | undefined, now: number = Date.now()): boolean {
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === null) return false;
  if (expiresAt === undefined) return true;
  return !(expiresAt < now);
}
