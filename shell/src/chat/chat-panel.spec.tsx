import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatContact, ChatMessage } from '@planta/contracts';
import { accessTokenAtom, configureRealtime, resetRealtimeForTests, sessionStore, watchRealtimeSession, type RealtimeSocket } from '@planta/session';
import { renderShell, resetSession, setUser } from '../testing/render-shell';
import { ChatPanel, ChatToggle } from './chat-panel';
import { chatOpenAtom, resetChatState, selectedContactIdAtom } from './chat-state';
import { mockApi, type FetchCall } from './test-helpers';

const contact = (id: number, full_name: string, extra: Partial<ChatContact> = {}): ChatContact => ({
  id,
  full_name,
  profile_image: null,
  status: 'online',
  dialog: [],
  unread: 0,
  ...extra,
});
const message = (id: number, from_user: number, to_user: number, text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  from_user,
  to_user,
  message: text,
  time: new Date(2026, 2, 4, 8, id).toISOString(),
  is_read: false,
  die_id: null,
  ...extra,
});

let calls: FetchCall[];
const CONTACTS = [contact(2, 'Marta Ríos', { unread: 3 }), contact(3, 'Pedro Gil', { status: 'away' })];

function routes(extra: Record<string, unknown> = {}) {
  calls = mockApi({
    'GET /chat/contacts': CONTACTS,
    'GET /chat/dialog/2': [message(11, 2, 1, 'segundo'), message(10, 1, 2, 'primero')],
    'GET /chat/dialog/3': [],
    'POST /chat/mark-as-read': { updated: 3, userChatList: CONTACTS.map((item) => ({ ...item, unread: item.id === 2 ? 0 : item.unread })) },
    ...extra,
  });
}

function renderChat() {
  return renderShell(
    <>
      <ChatToggle />
      <ChatPanel />
    </>,
  );
}

const input = () => screen.getByRole('textbox', { name: 'Mensaje' });
const sendButton = () => screen.getByRole('button', { name: 'Enviar' });

async function openConversation(name = 'Marta Ríos') {
  fireEvent.click(screen.getByRole('button', { name: 'Chat' }));
  fireEvent.click(await screen.findByRole('button', { name }));
  await screen.findByRole('region', { name });
}

beforeEach(() => {
  resetSession();
  resetChatState();
  resetRealtimeForTests();
  setUser(['user']);
  routes();
  // jsdom has no Notification: opening the chat asks for permission and warns (browser-notification.spec)
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

afterAll(() => resetRealtimeForTests());

describe('chat panel (spec 2.5, 4)', () => {
  it('is not there for a guest account: no toggle, no panel, no contacts asked for (issue 36)', async () => {
    setUser(['guest']);
    sessionStore.set(chatOpenAtom, true);
    renderChat();
    await act(() => new Promise((done) => setTimeout(done, 0)));
    expect(screen.queryByRole('button', { name: 'Chat' })).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Chat' })).toBeNull();
    expect(calls.filter((call) => call.path === '/chat/contacts')).toEqual([]);
  });

  it('opens with the toggle and shows the contacts with their status and unread badge', async () => {
    renderChat();
    expect(screen.queryByRole('complementary', { name: 'Chat' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Chat' }));
    const panel = screen.getByRole('complementary', { name: 'Chat' });
    const marta = await within(panel).findByRole('button', { name: 'Marta Ríos' });
    expect(marta.getAttribute('data-status')).toBe('online');
    expect(within(marta).getByText('3')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Pedro Gil' }).getAttribute('data-status')).toBe('away');
  });

  it('Esc closes the panel and clears the selected contact; so does the close button', async () => {
    renderChat();
    await openConversation();
    expect(sessionStore.get(selectedContactIdAtom)).toBe(2);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('complementary', { name: 'Chat' })).toBeNull();
    expect(sessionStore.get(chatOpenAtom)).toBe(false);
    expect(sessionStore.get(selectedContactIdAtom)).toBeNull();

    await openConversation();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar chat' }));
    expect(screen.queryByRole('complementary', { name: 'Chat' })).toBeNull();
    expect(sessionStore.get(selectedContactIdAtom)).toBeNull();
  });

  it('opening a conversation shows its messages with their time, marks it read and clears the badge', async () => {
    renderChat();
    await openConversation();
    const conversation = screen.getByRole('region', { name: 'Marta Ríos' });
    await within(conversation).findByText('segundo');
    const items = within(conversation)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['primero2026-03-04, 08:10', 'segundo2026-03-04, 08:11']);
    const markRead = calls.filter((call) => call.path === '/chat/mark-as-read');
    expect(markRead).toEqual([{ method: 'POST', path: '/chat/mark-as-read', body: { companyId: 1, from_user: 2, to_user: 1 } }]);
    expect(within(screen.getByRole('button', { name: 'Marta Ríos' })).queryByText('3')).toBeNull();
  });

  it('renders message text as text, never as HTML', async () => {
    routes({ 'GET /chat/dialog/2': [message(12, 2, 1, '<img src=x onerror="alert(1)"><b>hola</b>')] });
    renderChat();
    await openConversation();
    const conversation = screen.getByRole('region', { name: 'Marta Ríos' });
    expect(await within(conversation).findByText('<img src=x onerror="alert(1)"><b>hola</b>')).toBeTruthy();
    expect(conversation.querySelector('img, b')).toBeNull();
  });

  it('links the @mention of a message with a die to the die summary', async () => {
    routes({ 'GET /chat/dialog/2': [message(12, 2, 1, 'revisa AB12-3 por favor', { die_id: 44 })] });
    renderChat();
    await openConversation();
    const link = await screen.findByRole('link', { name: 'AB12-3' });
    expect(link.getAttribute('href')).toBe('/apps/dies/dieResume/44');
  });

  it("pages back with 'Cargar mensajes anteriores' (before the oldest id)", async () => {
    const page = Array.from({ length: 50 }, (_, index) => message(200 - index, 2, 1, `m${200 - index}`));
    routes({ 'GET /chat/dialog/2': (call: FetchCall) => (call.path.includes('before=') ? [message(100, 2, 1, 'antiguo')] : page) });
    renderChat();
    await openConversation();
    fireEvent.click(await screen.findByRole('button', { name: 'Cargar mensajes anteriores' }));
    await screen.findByText('antiguo');
    expect(calls.filter((call) => call.path.startsWith('/chat/dialog/2')).map((call) => call.path)).toEqual([
      '/chat/dialog/2?limit=50',
      '/chat/dialog/2?before=151&limit=50',
    ]);
    expect(screen.queryByRole('button', { name: 'Cargar mensajes anteriores' })).toBeNull();
  });
});

describe('chat input (spec 5)', () => {
  it('cannot send an empty or blank message', async () => {
    renderChat();
    await openConversation();
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    fireEvent.change(input(), { target: { value: '   \t ' } });
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    fireEvent.submit(input().closest('form')!);
    expect(calls.some((call) => call.path === '/chat/send-message')).toBe(false);
    fireEvent.change(input(), { target: { value: ' hola ' } });
    expect(sendButton().hasAttribute('disabled')).toBe(false);
  });

  it("shows 'Enviando mensaje' while sending, then the sent message", async () => {
    let answer: (value: unknown) => void = () => undefined;
    routes({ 'POST /chat/send-message': () => new Promise((resolve) => (answer = resolve)) });
    renderChat();
    await openConversation();
    fireEvent.change(input(), { target: { value: '  listo  ' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(input().getAttribute('placeholder')).toBe('Enviando mensaje'));
    const sent = calls.find((call) => call.path === '/chat/send-message');
    expect(sent?.body).toEqual({ companyId: 1, message: 'listo', from_user: 1, to_user: 2, toUserIsOnline: true });
    await act(async () => answer({ message: message(30, 1, 2, 'listo'), userChatList: CONTACTS }));
    await screen.findByText('listo');
    expect(input().getAttribute('placeholder')).not.toBe('Enviando mensaje');
  });

  it("searches dies after '@' in upper case, inserts 'reference-copynumber' and sends its die_id", async () => {
    routes({
      'GET /die/find': [
        { id: 7, die_reference: 'AB12', copy_number: 3 },
        { id: 8, die_reference: 'AB13', copy_number: 1 },
      ],
      'POST /chat/send-message': { message: message(31, 1, 2, 'ver AB12-3'), userChatList: CONTACTS },
    });
    renderChat();
    await openConversation();
    fireEvent.change(input(), { target: { value: 'ver @ab' } });
    const listbox = await screen.findByRole('listbox', { name: 'Matrices sugeridas' });
    expect(calls.filter((call) => call.path.startsWith('/die/find')).map((call) => call.path)).toEqual(['/die/find?reference=AB']);
    fireEvent.click(within(listbox).getByRole('option', { name: 'AB12-3' }));
    expect((input() as HTMLInputElement).value).toBe('ver AB12-3 ');
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.click(sendButton());
    await waitFor(() => expect(calls.find((call) => call.path === '/chat/send-message')?.body).toMatchObject({ message: 'ver AB12-3', die_id: 7 }));
  });

  it('Esc in the suggestions closes them, not the chat', async () => {
    routes({ 'GET /die/find': [{ id: 7, die_reference: 'AB12', copy_number: 3 }] });
    renderChat();
    await openConversation();
    fireEvent.change(input(), { target: { value: '@a' } });
    await screen.findByRole('listbox');
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('complementary', { name: 'Chat' })).toBeTruthy();
  });
});

describe('chat live events (spec 4, 7)', () => {
  type Handler = (...args: unknown[]) => void;
  let handlers: Map<string, Set<Handler>>;
  const fire = (event: string, payload: unknown) => act(() => handlers.get(event)?.forEach((handler) => handler(payload)));

  beforeEach(() => {
    handlers = new Map();
    const fake: RealtimeSocket = {
      connected: true,
      active: true,
      on: (event, listener) => handlers.set(event, (handlers.get(event) ?? new Set()).add(listener as Handler)),
      off: (event, listener) => handlers.get(event)?.delete(listener as Handler),
      emit: () => undefined,
      connect: () => undefined,
      disconnect: () => undefined,
    };
    configureRealtime({ factory: () => fake });
    sessionStore.set(accessTokenAtom, 'token', false);
    watchRealtimeSession();
  });

  afterEach(() => sessionStore.set(accessTokenAtom, null, false));

  it('updates presence on userIsOnline / userIsOffline', async () => {
    renderChat();
    fireEvent.click(screen.getByRole('button', { name: 'Chat' }));
    await screen.findByRole('button', { name: 'Marta Ríos' });
    fire('userIsOffline', { userId: 2 });
    expect(screen.getByRole('button', { name: 'Marta Ríos' }).getAttribute('data-status')).toBe('offline');
    fire('userIsOnline', { userId: 2 });
    expect(screen.getByRole('button', { name: 'Marta Ríos' }).getAttribute('data-status')).toBe('online');
  });

  it('appends a new message to the open conversation and marks it read', async () => {
    renderChat();
    await openConversation();
    await screen.findByText('segundo');
    const before = calls.filter((call) => call.path === '/chat/mark-as-read').length;
    fire('1-new-message', { text: 'Nuevo mensaje', variant: 'info', message: message(40, 2, 1, 'en vivo') });
    expect(await screen.findByText('en vivo')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.path === '/chat/mark-as-read').length).toBe(before + 1));
  });
});
