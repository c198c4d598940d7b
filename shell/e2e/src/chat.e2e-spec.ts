import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { account, apiGetAsPage, eventually, hidden, launchBrowser, login, newPage, visible } from '../support/browser';

/**
 * Spec 2.5 / 4 / 5 chat, live between two browser contexts (two users of Norte): unread badges,
 * read state on the server, presence, die @mentions and closing with Esc. Only the chat of jefe
 * and operario is used (no other spec depends on it); what a test leaves unread it marks read.
 */
const JEFE = 'jefe@norte.example';
const OPERARIO = 'operario@norte.example';
const GUEST = 'invitado@norte.example';

interface ServerContact {
  id: number;
  full_name: string;
  status: string;
  unread: number;
}

const contactsOnServer = (page: Page) => apiGetAsPage<ServerContact[]>(page, 'chat/contacts');
const serverContact = async (page: Page, name: string) => {
  const found = (await contactsOnServer(page)).find((contact) => contact.full_name === name);
  if (!found) throw new Error(`no contact ${name} on the server`);
  return found;
};

const chatPanel = (page: Page) => page.getByRole('complementary', { name: 'Chat' });
const chatToggle = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('button', { name: 'Chat', exact: true })
    .or(page.getByRole('button', { name: 'Chat', exact: true }))
    .first();
const contactButton = (page: Page, email: string) => chatPanel(page).getByRole('button', { name: account(email).displayName, exact: true });
const unreadBadge = (contact: Locator) => contact.locator('[aria-label$="mensajes sin leer"]');
const conversation = (page: Page, email: string) => chatPanel(page).getByRole('region', { name: account(email).displayName, exact: true });
const messageInput = (page: Page) => chatPanel(page).getByRole('textbox', { name: 'Mensaje' });
const sendButton = (page: Page) => chatPanel(page).getByRole('button', { name: 'Enviar' });

async function openChat(page: Page): Promise<void> {
  await chatToggle(page).click();
  await visible(chatPanel(page));
}

/** Opens the chat and the conversation with `email`; waits for its history to load. */
async function openConversation(page: Page, email: string): Promise<Locator> {
  if (!(await chatPanel(page).isVisible())) await openChat(page);
  await contactButton(page, email).click();
  const region = conversation(page, email);
  await visible(region);
  await hidden(region.getByText('Cargando mensajes...'));
  return region;
}

async function send(page: Page, text: string): Promise<void> {
  await messageInput(page).fill(text);
  await sendButton(page).click();
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

describe('chat (two users, live)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function signedIn(email: string): Promise<Page> {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await login(page, email);
    return page;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  it("a message shows as an unread badge on the sender's contact without reloading; opening the conversation shows it and clears the badge (read on the server)", async () => {
    const jefe = await signedIn(JEFE);
    const operario = await signedIn(OPERARIO);

    // B (operario) has the chat open on the contact list; a reload would lose this mark.
    await operario.evaluate(() => ((window as unknown as { plantaNoReload?: boolean }).plantaNoReload = true));
    await openChat(operario);
    const jefeContact = contactButton(operario, JEFE);
    await visible(jefeContact);
    const before = (await serverContact(operario, account(JEFE).displayName)).unread;

    // A (jefe) chooses B and sends a message.
    const text = unique('Prueba de chat en vivo');
    await openConversation(jefe, OPERARIO);
    await send(jefe, text);
    await visible(conversation(jefe, OPERARIO).getByText(text));

    // B: the badge on A's contact counts it, live.
    await eventually(async () => {
      const badge = unreadBadge(jefeContact);
      expect(await badge.count()).toBe(1);
      expect(await badge.getAttribute('aria-label')).toBe(`${before + 1} mensajes sin leer`);
      expect((await badge.textContent())?.trim()).toBe(String(before + 1));
    });
    expect(await operario.evaluate(() => (window as unknown as { plantaNoReload?: boolean }).plantaNoReload)).toBe(true);

    // B opens the conversation: the message is there, the badge goes, the server has it read.
    const region = await openConversation(operario, JEFE);
    await visible(region.getByText(text));
    await eventually(async () => expect(await unreadBadge(contactButton(operario, JEFE)).count()).toBe(0));
    await eventually(async () => expect((await serverContact(operario, account(JEFE).displayName)).unread).toBe(0), 10_000, 250);
  });

  it('shows a contact online while that user is connected, offline once they leave', async () => {
    const jefe = await signedIn(JEFE);
    await openChat(jefe);
    const luis = contactButton(jefe, OPERARIO);
    await visible(luis);
    // Nobody is signed in as operario yet (other tests closed their contexts).
    await eventually(async () => expect(await luis.getAttribute('data-status')).toBe('offline'));

    const operario = await signedIn(OPERARIO);
    await eventually(async () => expect(await luis.getAttribute('data-status')).toBe('online'));
    await visible(luis.getByText('En línea'));
    expect((await serverContact(jefe, account(OPERARIO).displayName)).status).toBe('online');

    await operario.context().close();
    contexts.splice(contexts.indexOf(operario.context()), 1);
    await eventually(async () => expect(await luis.getAttribute('data-status')).toBe('offline'));
    await visible(luis.getByText('Desconectado'));
  });

  it("'@en-10' suggests dies; choosing one writes 'EN-1042-1', and the sent mention links to the die summary", async () => {
    const jefe = await signedIn(JEFE);
    const { items: dies } = await apiGetAsPage<{ items: { id: number; die_reference: string; copy_number: number }[] }>(jefe, 'die/all?pageSize=500');
    const die = dies.find((candidate) => candidate.die_reference === 'EN-1042' && candidate.copy_number === 1);
    if (!die) throw new Error(`no EN-1042 copy 1 in ${JSON.stringify(dies.map((item) => `${item.die_reference}-${item.copy_number}`))}`);

    const region = await openConversation(jefe, OPERARIO);
    const input = messageInput(jefe);
    await input.fill('Revisa @en-10');
    const suggestions = chatPanel(jefe).getByRole('listbox', { name: 'Matrices sugeridas' });
    await visible(suggestions);
    await visible(suggestions.getByRole('option', { name: 'EN-1042-1', exact: true }));
    const labels = await suggestions.getByRole('option').allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.every((label) => label.trim().startsWith('EN-10'))).toBe(true);

    await suggestions.getByRole('option', { name: 'EN-1042-1', exact: true }).click();
    await hidden(suggestions);
    expect(await input.inputValue()).toBe('Revisa EN-1042-1 ');

    const tail = unique('por favor');
    await input.pressSequentially(tail);
    await sendButton(jefe).click();
    const sent = region.getByRole('listitem').filter({ hasText: tail });
    await visible(sent);
    const link = sent.getByRole('link', { name: 'EN-1042-1', exact: true });
    await visible(link);
    expect(await link.getAttribute('href')).toBe(`/apps/dies/dieResume/${die.id}`);

    // The recipient sees the same link, and opening the conversation leaves nothing unread behind.
    const operario = await signedIn(OPERARIO);
    const received = (await openConversation(operario, JEFE)).getByRole('listitem').filter({ hasText: tail });
    expect(await (await visible(received.getByRole('link', { name: 'EN-1042-1', exact: true }))).getAttribute('href')).toBe(`/apps/dies/dieResume/${die.id}`);
    await eventually(async () => expect((await serverContact(operario, account(JEFE).displayName)).unread).toBe(0), 10_000, 250);
  });

  it('a guest account has no chat: no toggle, no panel, no chat call, and its colleagues neither list it nor see it online (issue 36)', async () => {
    const jefe = await signedIn(JEFE);
    await openChat(jefe);
    await visible(contactButton(jefe, OPERARIO));

    const { context, page: guest } = await newPage(browser);
    contexts.push(context);
    const chatCalls: string[] = [];
    guest.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/chat/')) chatCalls.push(request.url());
    });
    await login(guest, GUEST);
    await visible(guest.getByRole('banner'));
    await guest.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    expect(await guest.getByRole('button', { name: 'Chat', exact: true }).count()).toBe(0);
    expect(await chatPanel(guest).count()).toBe(0);
    expect(chatCalls).toEqual([]);

    // Jorge's list never had her, and her signing in announced nothing.
    expect(await contactButton(jefe, GUEST).count()).toBe(0);
    expect((await contactsOnServer(jefe)).map((contact) => contact.full_name)).not.toContain(account(GUEST).displayName);
  });

  it('Esc closes the chat panel; opened again, no conversation is selected', async () => {
    const jefe = await signedIn(JEFE);
    await openConversation(jefe, OPERARIO);
    await messageInput(jefe).click();
    await jefe.keyboard.press('Escape');
    await hidden(chatPanel(jefe));

    await openChat(jefe);
    await visible(contactButton(jefe, OPERARIO));
    expect(await conversation(jefe, OPERARIO).count()).toBe(0);
    expect(await chatPanel(jefe).locator('[aria-current="true"]').count()).toBe(0);
    await visible(chatPanel(jefe).getByText('Elige un contacto para empezar a conversar'));
    expect(await messageInput(jefe).count()).toBe(0);
  });
});
