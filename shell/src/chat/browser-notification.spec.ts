import { NO_NOTIFICATION_SUPPORT, requestNotificationPermission, showBrowserNotification } from './browser-notification';

const original = Object.getOwnPropertyDescriptor(window, 'Notification');

afterEach(() => {
  if (original) Object.defineProperty(window, 'Notification', original);
  else delete (window as { Notification?: unknown }).Notification;
  jest.restoreAllMocks();
});

describe('browser notification of a new message (spec 7, 8)', () => {
  it("warns exactly 'Este navegador no soporta notificaciones.' without Notification support", async () => {
    delete (window as { Notification?: unknown }).Notification;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await showBrowserNotification('Nuevo mensaje', 'hola')).toBe(false);
    expect(await requestNotificationPermission()).toBeNull();
    expect(warn).toHaveBeenCalledWith('Este navegador no soporta notificaciones.');
    expect(NO_NOTIFICATION_SUPPORT).toBe('Este navegador no soporta notificaciones.');
  });

  it("shows 'Nuevo mensaje' when permission is granted, nothing otherwise, and does not warn", async () => {
    const shown: Array<[string, NotificationOptions | undefined]> = [];
    const FakeNotification = Object.assign(
      function FakeNotification(title: string, options?: NotificationOptions) {
        shown.push([title, options]);
      },
      { permission: 'granted' as NotificationPermission, requestPermission: jest.fn(async () => 'granted' as NotificationPermission) },
    );
    Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true, writable: true });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await showBrowserNotification('Nuevo mensaje', 'hola')).toBe(true);
    expect(shown).toEqual([['Nuevo mensaje', expect.objectContaining({ body: 'hola' })]]);
    FakeNotification.permission = 'denied';
    expect(await showBrowserNotification('Nuevo mensaje', 'otra')).toBe(false);
    expect(shown).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
  });
});
