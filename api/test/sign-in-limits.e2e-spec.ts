import { messages } from '@planta/contracts';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { bearer, startTestApp, type TestApp } from './support/test-app';

// Its own file: the app trusts X-Forwarded-For here, to stand in for callers on several addresses.
// Delays are short (1 s, doubling up to 2 s) so that waiting them out fits in a test.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    TRUST_PROXY: 'true',
    SIGN_IN_FREE_FAILURES: '3',
    SIGN_IN_ACCOUNTS_PER_ADDRESS: '3',
    SIGN_IN_ADDRESSES_PER_ACCOUNT: '3',
    SIGN_IN_BASE_DELAY_SECONDS: '1',
    SIGN_IN_MAX_DELAY_SECONDS: '2',
    REGISTRATION_MAX_PER_ADDRESS_PER_HOUR: '2',
  });
});
afterAll(() => t.close());

const signIn = (address: string, email: string, password = DEMO_PASSWORD) =>
  t.http().post('/api/auth/login').set('X-Forwarded-For', address).send({ email, password });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A 429 that says how long to wait, in the header and in its Spanish message. */
function expectToWait(response: { status: number; headers: Record<string, string>; body: { message: string; error: string } }) {
  expect(response.status).toBe(429);
  expect(response.body.error).toBe('Too Many Requests');
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(response.body.message).toBe(messages.tooManyAttempts(seconds));
  return seconds;
}

/** Plant colleagues of one company, with the demo password. */
async function addColleagues(prefix: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, index) => `${prefix}${index + 1}@norte.example`);
  await t.sql(
    `insert into app_user (uuid, email, password_hash, display_name, home_company_id, settings, shortcuts)
       select gen_random_uuid(), e, j.password_hash, initcap(split_part(e, '@', 1)), j.home_company_id, '{}', '[]'
         from unnest($1::text[]) e, app_user j where j.email = 'jefe@norte.example'`,
    [emails],
  );
  await t.sql(`insert into company_member (company_id, user_id) select home_company_id, id from app_user where email = any($1)`, [emails]);
  return emails;
}

describe('sign-in limits', () => {
  it("slows a guesser down on one account and address, but the owner's right password from elsewhere gets in at once", async () => {
    for (let attempt = 0; attempt < 3; attempt++) expect((await signIn('203.0.113.7', 'jefe@norte.example', 'adivina-1')).status).toBe(401);
    // The fourth guess from there waits, even with the right password: a delay, not a lock.
    const wait = expectToWait(await signIn('203.0.113.7', 'jefe@norte.example'));
    expect((await signIn('198.51.100.20', 'jefe@norte.example')).status).toBe(200);
    await sleep(wait * 1000 + 100);
    expect((await signIn('203.0.113.7', 'jefe@norte.example')).status).toBe(200);
  });

  it('keeps twenty colleagues behind one plant address signing in while one of them mistypes again and again', async () => {
    const colleagues = await addColleagues('turno', 20);
    const plant = '192.0.2.50';
    const [clumsy, ...others] = colleagues;
    const mistypes = Array.from({ length: 12 }, () => signIn(plant, clumsy, 'Planta2025!'));
    const results = await Promise.all([...mistypes, ...others.map((email) => signIn(plant, email))]);
    const clumsyStatuses = results.slice(0, mistypes.length).map((response) => response.status);
    // Attempts of one account are counted one by one even when sent together: 3 are heard at once,
    // the rest wait (one or two more may be heard as the 1–2 s delays pass during the burst).
    const heard = clumsyStatuses.filter((status) => status === 401).length;
    expect(heard).toBeGreaterThanOrEqual(3);
    expect(heard).toBeLessThanOrEqual(5);
    for (const response of results.slice(0, mistypes.length).filter((r) => r.status !== 401)) expectToWait(response);
    expect(results.slice(mistypes.length).map((response) => response.status)).toEqual(others.map(() => 200));
  });

  it('slows credential stuffing from one address for accounts new there, not for colleagues who sign in there', async () => {
    const [regular, newcomer] = await addColleagues('almacen', 2);
    const office = '192.0.2.99';
    expect((await signIn(office, regular)).status).toBe(200);
    for (const victim of ['x1@norte.example', 'x2@norte.example', 'x3@norte.example']) expect((await signIn(office, victim, 'clave-1234')).status).toBe(401);
    expectToWait(await signIn(office, newcomer));
    expect((await signIn(office, regular)).status).toBe(200);
  });

  it('slows guessing one account spread over many addresses, except from an address the account signs in from', async () => {
    const [target] = await addColleagues('calidad', 1);
    expect((await signIn('192.0.2.10', target)).status).toBe(200);
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) expect((await signIn(address, target, 'clave-1234')).status).toBe(401);
    expectToWait(await signIn('198.51.100.4', target));
    expect((await signIn('192.0.2.10', target)).status).toBe(200);
  });
});

describe('registration limits', () => {
  const registration = (address: string, suffix: string, extra: Record<string, unknown> = {}) =>
    t
      .http()
      .post('/api/auth/register')
      .set('X-Forwarded-For', address)
      .send({
        displayName: `Alta ${suffix}`,
        email: `alta-${suffix}@nueva.example`,
        password: 'Segura-2026',
        passwordConfirm: 'Segura-2026',
        companyName: `Extrusora ${suffix}`,
        ...extra,
      });

  afterEach(() => {
    t.config.registration.mode = 'open';
  });

  it('allows a few registrations per address and hour, with Retry-After past them; other addresses go on', async () => {
    expect((await registration('203.0.113.40', 'a')).status).toBe(201);
    // A taken email counts too: probing which addresses have accounts spends the same budget.
    expect((await registration('203.0.113.40', 'a')).status).toBe(409);
    const refused = await registration('203.0.113.40', 'b');
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(3500);
    expect(refused.body.message).toBe(messages.tooManyRegistrations(seconds));
    expect((await t.sql(`select 1 from app_user where email = 'alta-b@nueva.example'`)).length).toBe(0);
    expect((await registration('203.0.113.41', 'b')).status).toBe(201);
  });

  it('says whether registration is open, closed or by invitation, and keeps to it', async () => {
    expect((await t.http().get('/api/auth/registration')).body).toEqual({ mode: 'open' });
    t.config.registration.mode = 'closed';
    expect((await t.http().get('/api/auth/registration')).body).toEqual({ mode: 'closed' });
    const closed = await registration('203.0.113.50', 'c');
    expect(closed.status).toBe(403);
    expect(closed.body.message).toBe(messages.registrationClosed);
  });

  it('by invitation: an administrator’s one-time link registers one company, once', async () => {
    t.config.registration.mode = 'invitation';
    expect((await registration('203.0.113.60', 'd')).body.fields).toEqual({ invitation: messages.registrationByInvitation });
    const operator = await t.login('operario@norte.example');
    expect((await t.http().post('/api/auth/registration/invitation').set(bearer(operator.access_token)).send({})).status).toBe(403);
    const admin = await t.login('admin@norte.example');
    const invited = await t.http().post('/api/auth/registration/invitation').set(bearer(admin.access_token)).send({ days: 2, note: 'Planta de Tarragona' });
    expect(invited.status).toBe(201);
    expect(invited.body.link).toBe(`/register?invitation=${invited.body.code}`);
    expect((await registration('203.0.113.61', 'e', { invitation: 'otro-codigo' })).body.fields).toEqual({ invitation: messages.invitationInvalid });
    expect((await registration('203.0.113.61', 'e', { invitation: invited.body.code })).status).toBe(201);
    expect((await registration('203.0.113.62', 'f', { invitation: invited.body.code })).body.fields).toEqual({ invitation: messages.invitationInvalid });
  });
});
