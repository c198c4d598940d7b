/** Spec 8: the exact warning of a browser without notification support. */
export const NO_NOTIFICATION_SUPPORT = 'Este navegador no soporta notificaciones.';

function supported(): boolean {
  if (typeof window === 'undefined' || !('Notification' in window) || typeof window.Notification !== 'function') {
    console.warn(NO_NOTIFICATION_SUPPORT);
    return false;
  }
  return true;
}

/** Asks for permission (call it from a user action: opening the chat). */
export async function requestNotificationPermission(): Promise<NotificationPermission | null> {
  if (!supported()) return null;
  if (Notification.permission !== 'default') return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

/**
 * Spec 7: a new chat message raises a browser notification when permission is granted: through
 * the page's service worker when one is registered, otherwise with `new Notification`.
 * Resolves true when a notification was shown.
 */
export async function showBrowserNotification(title: string, body: string): Promise<boolean> {
  if (!supported()) return false;
  if (Notification.permission !== 'granted') return false;
  const options: NotificationOptions = { body, tag: 'planta-chat', icon: '/favicon.svg' };
  try {
    const registration = typeof navigator !== 'undefined' && navigator.serviceWorker ? await navigator.serviceWorker.getRegistration() : undefined;
    if (registration) {
      await registration.showNotification(title, options);
      return true;
    }
    new Notification(title, options);
    return true;
  } catch (error) {
    console.error(error);
    return false;
  }
}
