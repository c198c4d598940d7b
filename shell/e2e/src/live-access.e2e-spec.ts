import type { Page } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { sqlOnTestApi } from '../support/api-server';
import { account, eventually, freshPagePerTest, login, onPath, visible } from '../support/browser';

/**
 * Live access follows the user (issue 10): a company switch keeps the page's live events coming,
 * now the new company's, on the same socket; a user deactivated while signed in is signed out
 * within seconds, without touching anything. Perfiles del Sur's people only, plus Marta, who
 * belongs to both companies; what a test changes it puts back.
 */
const MARTA = 'admin@norte.example';
const SOFIA = 'admin@sur.example';
const PEDRO = 'operario@sur.example';

interface Contact {
  id: number;
  full_name: string;
  status: string;
}

/** The status of `email` in the chat contacts of `viewer` (their active company: the one they sign in to). */
async function statusSeenBy(viewer: string, email: string): Promise<string | undefined> {
  const { body } = await apiAs<Contact[]>(viewer, 'GET', 'chat/contacts');
  return body.find((contact) => contact.full_name === account(email).displayName)?.status;
}

const userId = async (email: string) => (await apiAs<{ id: number }>(email, 'GET', 'chat/user')).body.id;
const chatPanel = (page: Page) => page.getByRole('complementary', { name: 'Chat' });

describe('live access follows the user', () => {
  let page: Page;
  freshPagePerTest((state) => ({ page } = state));

  it("after a company switch the page hears the new company live, on the same socket ('Empresa' → 'Perfiles del Sur')", async () => {
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await login(page, MARTA);
    await eventually(() => expect(sockets).toHaveLength(1));

    await page.getByRole('combobox', { name: 'Empresa' }).click();
    await page.getByRole('option', { name: 'Perfiles del Sur' }).click();
    // Sofía, in Sur, sees Marta arrive there: the socket moved with its presence.
    await eventually(async () => expect(await statusSeenBy(SOFIA, MARTA)).toBe('online'), 15_000, 250);

    await page.getByRole('banner').getByRole('button', { name: 'Chat', exact: true }).click();
    const sofia = chatPanel(page).getByRole('button', { name: account(SOFIA).displayName, exact: true });
    await visible(sofia);
    const [sofiaId, martaId] = await Promise.all([userId(SOFIA), userId(MARTA)]);
    const { body: sur } = await apiAs<{ company_id: number }>(SOFIA, 'GET', 'grants');
    const sent = await apiAs(SOFIA, 'POST', 'chat/send-message', {
      companyId: sur.company_id,
      from_user: sofiaId,
      to_user: martaId,
      message: 'Hola Marta, ¿ya estás en Sur?',
    });
    expect(sent.status).toBe(201);
    await visible(sofia.locator('[aria-label$="mensajes sin leer"]'));
    // Read it, so that no unread message is left behind.
    await sofia.click();
    await visible(chatPanel(page).getByText('Hola Marta, ¿ya estás en Sur?'));
    expect(sockets).toHaveLength(1);
  });

  it('a user deactivated while signed in is signed out within seconds', async () => {
    await login(page, PEDRO);
    await eventually(async () => expect(await statusSeenBy(SOFIA, PEDRO)).toBe('online'), 15_000, 250);
    const pedroId = await userId(PEDRO);
    await sqlOnTestApi(`update app_user set active = false where id = ${pedroId}`);
    try {
      await onPath(page, '/login', 5_000);
    } finally {
      await sqlOnTestApi(`update app_user set active = true where id = ${pedroId}`);
    }
    await eventually(async () => expect(await statusSeenBy(SOFIA, PEDRO)).toBe('offline'), 15_000, 250);
  });
});
