/**
 * Spanish texts of the shell (host) that the start-up and the pages shown before signing in use:
 * the connection status, the session's messages, the error pages, a share link's banner. The
 * texts of the signed-in screens are in shell.signed-in.ts, a chunk loaded with the chrome. Texts
 * the specification quotes are written exactly as there.
 */
export const shell = {
  appName: 'Planta',
  languageMenu: {
    label: 'Idioma',
    change: 'Cambiar idioma',
    documentation: 'Documentación de idiomas',
    /** the language's texts could not be downloaded (offline): the interface keeps its language */
    loadFailed: 'No se pudo cargar el idioma {{language}}. Revisa tu conexión e inténtalo de nuevo.',
  },
  errors: {
    notFound: {
      code: '404',
      title: 'Página no encontrada',
      text: 'La página que buscas no existe o cambió de dirección. Revisa el enlace o vuelve al inicio.',
    },
    serverError: {
      code: '500',
      title: 'Error del servidor',
      text: 'Algo falló de nuestro lado. Inténtalo de nuevo en unos minutos; si el problema continúa, avisa al administrador.',
    },
    back: 'Volver al inicio',
  },
  remoteError: {
    title: 'Esta área no pudo cargarse',
    message: 'El resto del portal sigue funcionando. Revisa tu conexión y vuelve a intentarlo.',
    retry: 'Reintentar',
  },
  share: {
    banner: 'Enlace compartido: solo lectura',
  },
  session: {
    invalidAccessToken: 'Invalid access_token',
    accessTokenExpired: 'access_token expired',
    tokenSignInFailed: 'Error intentando ingresar con el TOKEN',
    tokenSignInSucceeded: 'Autenticado correctamente',
    /** While calls wait to be sent again or the live connection comes back (an API restart): the session stays. */
    reconnecting: 'Reconectando…',
    /** The browser has no network: the portal goes on from its cache until it comes back. */
    offline: 'Sin conexión',
    /** The stored session could not be checked at start-up: the API out of reach. */
    serverUnreachable: 'No se pudo conectar con el servidor. Tu sesión sigue guardada y se retomará sola al volver la conexión.',
    /** The stored session signed in again once the API could be reached: the user is back where they were. */
    resumed: 'Conexión recuperada: sesión retomada',
  },
};

/** The whole Spanish shell namespace: what the other languages translate. */
export type SpanishShell = typeof shell & typeof import('./shell.signed-in').shellSignedIn;
