import {
  CHAT_MESSAGE_MAX_LENGTH,
  chatContactSchema,
  liveEvents,
  messages,
  sendMessageResponseSchema,
  type AuthResponse,
  type ChatContact,
} from '@planta/contracts';
import { closeSockets, connect, nextEvent, pause, recorder } from './support/sockets';
import { bearer, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let url: string;
let jefe: AuthResponse;
let operario: AuthResponse;
let adminNorte: AuthResponse;
let adminSur: AuthResponse;
let operarioSur: AuthResponse;
let invitado: AuthResponse;
beforeAll(async () => {
  t = await startTestApp();
  url = await t.listen();
  [jefe, operario, adminNorte, adminSur, operarioSur, invitado] = await Promise.all(
    ['jefe@norte.example', 'operario@norte.example', 'admin@norte.example', 'admin@sur.example', 'operario@sur.example', 'invitado@norte.example'].map(
      (email) => t.login(email),
    ),
  );
});
afterEach(() => closeSockets());
afterAll(() => t.close());

const idOf = (session: AuthResponse) => session.user.data.id;
const companyOf = (session: AuthResponse) => session.user.data.company_id;
const contacts = async (session: AuthResponse): Promise<ChatContact[]> => {
  const response = await t.http().get('/api/chat/contacts').set(bearer(session.access_token));
  expect(response.status).toBe(200);
  return response.body.map((contact: unknown) => chatContactSchema.parse(contact));
};
const contact = async (viewer: AuthResponse, of: AuthResponse) => (await contacts(viewer)).find((entry) => entry.id === idOf(of))!;
/** Resolves once `viewer` sees `of` online: a socket's presence is registered just after it connects, not before. */
const seenOnline = async (viewer: AuthResponse, of: AuthResponse) => {
  const until = Date.now() + 5_000;
  while ((await contact(viewer, of)).status !== 'online') {
    if (Date.now() > until) throw new Error(`user ${idOf(of)} not online within 5 s`);
    await pause(50);
  }
};
const send = (session: AuthResponse, body: Record<string, unknown>) => t.http().post('/api/chat/send-message').set(bearer(session.access_token)).send(body);
const message = (from: AuthResponse, to: AuthResponse, text: string, extra: object = {}) => ({
  companyId: companyOf(from),
  from_user: idOf(from),
  to_user: idOf(to),
  message: text,
  toUserIsOnline: false,
  ...extra,
});
const markAsRead = (session: AuthResponse, body: object) => t.http().post('/api/chat/mark-as-read').set(bearer(session.access_token)).send(body);
const messageCount = async () => (await t.sql<{ count: number }>(`select count(*)::int as count from chat_message`))[0].count;

describe('contacts', () => {
  it('are the other members of the active company but its guest accounts, with unread count and the last message', async () => {
    const list = await contacts(jefe);
    // Elena Ruiz, the guest account, chats with nobody (issue 36).
    expect(list.map((entry) => entry.full_name).sort()).toEqual(['Andrés Olmedo', 'Carmen Villalba', 'Inés Garrido', 'Luis Cárdenas', 'Marta Ibáñez']);
    const marta = list.find((entry) => entry.id === idOf(adminNorte))!;
    expect(marta).toMatchObject({ status: 'offline', unread: 1 });
    expect(marta.dialog).toEqual([
      expect.objectContaining({ from_user: idOf(adminNorte), to_user: idOf(jefe), message: expect.stringContaining('nitrurado'), is_read: false }),
    ]);
    expect(await contact(operario, jefe)).toMatchObject({ unread: 1 });
    // Marta belongs to both plants: Sur sees her, never Norte's other people.
    expect((await contacts(adminSur)).map((entry) => entry.full_name).sort()).toEqual(['Lucía Prieto', 'Marta Ibáñez', 'Pedro Quintana', 'Tomás Becerra']);
  });

  it('can be searched by name', async () => {
    expect((await t.http().get('/api/chat/contacts?search=luis').set(bearer(jefe.access_token))).body.map((entry: ChatContact) => entry.full_name)).toEqual([
      'Luis Cárdenas',
    ]);
  });

  it('are refused to share-token guests', async () => {
    const [die] = await t.sql<{ id: number }>(`select id from die where company_id = $1 limit 1`, [companyOf(jefe)]);
    const link = await t.http().post('/api/share-token').set(bearer(adminNorte.access_token)).send({ resource_type: 'die-summary', resource_id: die.id });
    const guest = (await t.http().post('/api/auth/login/token').send({ token: link.body.token })).body.access_token;
    expect((await t.http().get('/api/chat/contacts').set(bearer(guest))).status).toBe(403);
    expect((await t.http().get('/api/chat/user').set(bearer(guest))).status).toBe(403);
  });

  it('are refused to a guest account, and nobody may write to one (issue 36)', async () => {
    const guest = bearer(invitado.access_token);
    expect((await t.http().get('/api/chat/contacts').set(guest)).status).toBe(403);
    expect((await send(invitado, message(invitado, jefe, 'Hola'))).status).toBe(403);
    const before = await messageCount();
    const toGuest = await send(jefe, message(jefe, invitado, 'Hola'));
    expect({ status: toGuest.status, fields: toGuest.body.fields }).toEqual({ status: 400, fields: { to_user: messages.chatRecipientNotColleague } });
    expect(await messageCount()).toBe(before);
    expect(
      (
        await t
          .http()
          .get(`/api/chat/dialog/${idOf(invitado)}`)
          .set(bearer(jefe.access_token))
      ).status,
    ).toBe(404);
  });
});

describe('chat user', () => {
  it('is the caller, whose status they choose', async () => {
    const user = await t.http().get('/api/chat/user').set(bearer(jefe.access_token));
    expect(user.body).toEqual({ id: idOf(jefe), full_name: 'Jorge Salinas', profile_image: null, status: 'online' });
    const away = await t.http().post('/api/chat/user/data').set(bearer(jefe.access_token)).send({ status: 'away' });
    expect(away.status).toBe(200);
    expect(away.body.status).toBe('away');
    const wrong = await t.http().post('/api/chat/user/data').set(bearer(jefe.access_token)).send({ status: 'busy' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.fields)).toEqual(['status']);
    await t.http().post('/api/chat/user/data').set(bearer(jefe.access_token)).send({ status: 'online' });
  });
});

describe('sending', () => {
  it('stores the message as typed, answers with the contact list and tells both sides live, nobody else', async () => {
    const [jefeSocket, operarioSocket, martaSocket, surSocket] = await Promise.all(
      [jefe, operario, adminNorte, adminSur].map((session) => connect(url, session.access_token)),
    );
    await Promise.all([seenOnline(jefe, operario), seenOnline(operario, jefe)]);
    const seenByMarta = recorder(martaSocket);
    const seenBySur = recorder(surSocket);
    const newMessage = nextEvent(operarioSocket, liveEvents.newMessage(idOf(operario)));
    const operarioList = nextEvent<ChatContact[]>(operarioSocket, liveEvents.userMessages(idOf(operario)));
    const jefeList = nextEvent<ChatContact[]>(jefeSocket, liveEvents.userMessages(idOf(jefe)));

    const text = '  Luis, ¿puedes revisar <b>la EN-2210</b>?\n ';
    const response = await send(jefe, message(jefe, operario, text));
    expect(response.status).toBe(201);
    const body = sendMessageResponseSchema.parse(response.body);
    expect(body.message).toMatchObject({ from_user: idOf(jefe), to_user: idOf(operario), message: text, is_read: false, die_id: null });
    expect(body.userChatList[0]).toMatchObject({ id: idOf(operario), dialog: [body.message] });
    expect((await t.sql(`select message from chat_message where id = $1`, [body.message.id]))[0]).toEqual({ message: text });

    expect(await newMessage).toEqual({ text: messages.chatNewMessageFrom('Jorge Salinas'), variant: 'info', message: body.message });
    expect((await operarioList).find((entry) => entry.id === idOf(jefe))).toMatchObject({ status: 'online', unread: 2, dialog: [body.message] });
    expect((await jefeList)[0]).toMatchObject({ id: idOf(operario), status: 'online', unread: 0 });
    await pause(300);
    expect(seenByMarta.filter(([name]) => /Messages$|-new-message$/.test(name))).toEqual([]);
    expect(seenBySur.filter(([name]) => /Messages$|-new-message$/.test(name))).toEqual([]);
  });

  it('may mention a die of the company', async () => {
    const [die] = await t.sql<{ id: number }>(`select id from die where company_id = $1 and die_reference = 'EN-2210'`, [companyOf(jefe)]);
    const response = await send(jefe, message(jefe, operario, '@EN-2210 lista', { die_id: die.id }));
    expect(response.status).toBe(201);
    expect(response.body.message.die_id).toBe(die.id);
  });

  it('refuses bad input with the field at fault, changing nothing', async () => {
    const [surDie] = await t.sql<{ id: number }>(`select id from die where company_id = $1 limit 1`, [companyOf(adminSur)]);
    const before = await messageCount();
    const cases: [string, Record<string, unknown>, number, Record<string, string> | undefined][] = [
      ['empty', message(jefe, operario, ''), 400, { message: messages.chatMessageEmpty }],
      ['whitespace only', message(jefe, operario, ' \n\t '), 400, { message: messages.chatMessageEmpty }],
      ['missing', { ...message(jefe, operario, 'x'), message: undefined }, 400, { message: messages.chatMessageEmpty }],
      ['too long', message(jefe, operario, 'a'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1)), 400, { message: messages.chatMessageTooLong(CHAT_MESSAGE_MAX_LENGTH) }],
      ['to oneself', message(jefe, jefe, 'Hola'), 400, { to_user: messages.chatToYourself }],
      ['to another company', message(jefe, operarioSur, 'Hola'), 400, { to_user: messages.chatRecipientNotColleague }],
      ['to nobody', { ...message(jefe, operario, 'Hola'), to_user: 999999 }, 400, { to_user: messages.chatRecipientNotColleague }],
      ['as someone else', { ...message(jefe, operario, 'Hola'), from_user: idOf(adminNorte) }, 403, { from_user: messages.chatSenderNotCaller }],
      ['with a die of another company', message(jefe, operario, 'Hola', { die_id: surDie.id }), 400, { die_id: messages.chatDieNotFound }],
      ['in another company', { ...message(jefe, operario, 'Hola'), companyId: companyOf(adminSur) }, 403, undefined],
    ];
    for (const [name, body, status, fields] of cases) {
      const response = await send(jefe, body);
      expect({ name, status: response.status, fields: response.body.fields }).toEqual({ name, status, fields });
      expect(response.body.message).toEqual(expect.any(String));
    }
    expect(await messageCount()).toBe(before);
    // Exactly the limit is fine.
    expect((await send(jefe, message(jefe, operario, 'a'.repeat(CHAT_MESSAGE_MAX_LENGTH)))).status).toBe(201);
  });
});

describe('dialog', () => {
  it('pages the conversation with one colleague, newest first', async () => {
    const dialog = (query: string) =>
      t
        .http()
        .get(`/api/chat/dialog/${idOf(operario)}${query}`)
        .set(bearer(jefe.access_token));
    const all = (await dialog('?limit=100')).body as { id: number; from_user: number; to_user: number }[];
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(all.map((entry) => entry.id)).toEqual([...all.map((entry) => entry.id)].sort((a, b) => b - a));
    expect(all.every((entry) => [entry.from_user, entry.to_user].sort().join() === [idOf(jefe), idOf(operario)].sort().join())).toBe(true);
    const first = (await dialog('?limit=2')).body;
    const next = (await dialog(`?limit=2&before=${first[1].id}`)).body;
    expect([...first, ...next]).toEqual(all.slice(0, 4));
    expect(
      (
        await t
          .http()
          .get(`/api/chat/dialog/${idOf(operarioSur)}`)
          .set(bearer(jefe.access_token))
      ).status,
    ).toBe(404);
    expect((await dialog('?limit=0')).status).toBe(400);
  });
});

describe('mark as read', () => {
  it('marks what the contact sent the caller, and only the recipient may', async () => {
    expect((await contact(operario, jefe)).unread).toBeGreaterThan(0);
    const byJefe = await markAsRead(jefe, { companyId: companyOf(jefe), from_user: idOf(jefe), to_user: idOf(operario) });
    expect(byJefe.status).toBe(403);
    expect(byJefe.body.fields).toEqual({ to_user: messages.chatReaderNotCaller });
    expect((await contact(operario, jefe)).unread).toBeGreaterThan(0);
    expect((await markAsRead(jefe, { companyId: companyOf(adminSur), from_user: idOf(operario), to_user: idOf(jefe) })).status).toBe(403);

    const read = await markAsRead(operario, { companyId: companyOf(operario), from_user: idOf(jefe), to_user: idOf(operario) });
    expect(read.status).toBe(200);
    expect(read.body.updated).toBeGreaterThan(0);
    expect(read.body.userChatList.find((entry: ChatContact) => entry.id === idOf(jefe)).unread).toBe(0);
    expect((await contact(operario, jefe)).unread).toBe(0);
    // What Marta sent Jorge stays unread.
    expect((await contact(jefe, adminNorte)).unread).toBe(1);
  });
});
