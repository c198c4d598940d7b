import type { Page } from 'playwright-core';
import { apiGetAsPage, eventually, freshPagePerTest, hidden, login, visible } from '../support/browser';

/**
 * Spec 2.5 / 4 notifications drawer, with jefe's seeded notifications (one says 'bloqueado').
 * 'Limpiar' marks jefe's other notifications read on the server, and the API has no way to make
 * them unread again: no other spec depends on jefe's notifications.
 */
const JEFE = 'jefe@norte.example';

interface ServerNotification {
  id: number;
  text_message: string;
  is_read: boolean;
}

/** GET notification/all answers the caller's unread notifications. */
async function unreadOnServer(page: Page): Promise<ServerNotification[]> {
  const me = await apiGetAsPage<{ id: number }>(page, 'chat/user');
  return apiGetAsPage<ServerNotification[]>(page, `notification/all?userId=${me.id}`);
}

const bell = (page: Page) => page.getByRole('button', { name: 'Notificaciones', exact: true });
const dot = (page: Page) => bell(page).getByTestId('notifications-dot');
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Notificaciones' });

describe('notifications drawer', () => {
  let page: Page;

  freshPagePerTest((state) => ({ page } = state));

  it("the bell shows its dot while there are notifications; 'Limpiar' empties the drawer and marks all read but the 'bloqueado' ones", async () => {
    await login(page, JEFE);
    const before = await unreadOnServer(page);
    expect(before.some((notification) => notification.text_message.includes('bloqueado'))).toBe(true);
    const others = before.filter((notification) => !notification.text_message.includes('bloqueado'));
    expect(others.length).toBeGreaterThan(0);

    await visible(dot(page));
    await bell(page).click();
    const panel = drawer(page);
    await visible(panel);
    for (const notification of before) await visible(panel.getByText(notification.text_message));
    expect(await panel.getByRole('button', { name: 'Cerrar notificación' }).count()).toBe(before.length);

    await panel.getByRole('button', { name: 'Limpiar' }).click();
    await visible(panel.getByText('No hay notificaciones por ahora'));
    expect(await panel.getByRole('button', { name: 'Cerrar notificación' }).count()).toBe(0);
    await hidden(dot(page));

    await eventually(
      async () => {
        const after = await unreadOnServer(page);
        expect(after.map((notification) => notification.id).sort()).toEqual(
          before
            .filter((notification) => notification.text_message.includes('bloqueado'))
            .map((notification) => notification.id)
            .sort(),
        );
        expect(after.every((notification) => !notification.is_read)).toBe(true);
      },
      10_000,
      250,
    );
    for (const notification of others) expect((await unreadOnServer(page)).some((item) => item.id === notification.id)).toBe(false);
  });
});
