import type { AuditEntry } from '@planta/contracts';
import { bearer, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let norteAdmin: string;
let surAdmin: string;
let norte: number;
let sur: number;

beforeAll(async () => {
  t = await startTestApp();
  const marta = await t.login('admin@norte.example');
  norteAdmin = marta.access_token;
  norte = marta.user.data.company_id;
  const sofia = await t.login('admin@sur.example');
  surAdmin = sofia.access_token;
  sur = sofia.user.data.company_id;
});
afterAll(() => t.close());

const list = (token: string, query: Record<string, string | number> = {}) => t.http().get('/api/audit/all').query(query).set(bearer(token));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function entriesOf(companyId: number, where: string, params: unknown[] = []): Promise<AuditEntry[]> {
  return t.sql<AuditEntry>(`select * from audit_entry where company_id = $1 and ${where} order by id`, [companyId, ...params]);
}

describe('the audit trail', () => {
  it('is seeded with a few weeks of sign-ins and changes, newest first', async () => {
    const response = await list(norteAdmin, { pageSize: 500 });
    expect(response.status).toBe(200);
    const entries: AuditEntry[] = response.body.items;
    expect(response.body.total).toBeGreaterThan(30);
    const oldest = new Date(entries[entries.length - 1].at).getTime();
    expect(Date.now() - oldest).toBeGreaterThan(14 * 86_400_000);
    expect(entries.map((entry) => entry.at)).toEqual([...entries.map((entry) => entry.at)].sort().reverse());
    expect(new Set(entries.map((entry) => entry.action))).toEqual(new Set(['sign-in', 'sign-in-failed', 'update', 'password-reset', 'password-change']));
    const positionChange = entries.find((entry) => entry.entity === 'user' && entry.action === 'update');
    expect(positionChange).toMatchObject({ label: 'Jorge Salinas', before: { position: 'Jefe de turno B' }, after: { position: 'Jefe de turno' } });
  });

  it('records a sign-in in the company it opened, with the address it came from', async () => {
    const before = await entriesOf(sur, `action = 'sign-in'`);
    const session = await t.login('operario@sur.example');
    const after = await entriesOf(sur, `action = 'sign-in'`);
    expect(after).toHaveLength(before.length + 1);
    expect(after[after.length - 1]).toMatchObject({
      actor_id: session.user.data.id,
      actor_name: 'operario@sur.example',
      entity: 'user',
      entity_id: session.user.data.id,
      label: 'Pedro Quintana',
    });
    expect(after[after.length - 1].address).toBeTruthy();
  });

  it('records a failed sign-in of a known account in each of its companies, and nothing for an unknown one', async () => {
    const count = async () => (await t.sql(`select count(*)::int as n from audit_entry where action = 'sign-in-failed'`))[0].n as number;
    const failedIn = async (companyId: number) => (await entriesOf(companyId, `action = 'sign-in-failed' and actor_name = 'admin@norte.example'`)).length;
    const [northBefore, southBefore] = [await failedIn(norte), await failedIn(sur)];
    expect((await t.http().post('/api/auth/login').send({ email: 'admin@norte.example', password: 'wrong-password' })).status).toBe(401);
    for (let waited = 0; (await failedIn(sur)) === southBefore && waited < 5000; waited += 50) await pause(50);
    expect([await failedIn(norte), await failedIn(sur)]).toEqual([northBefore + 1, southBefore + 1]);

    const total = await count();
    expect((await t.http().post('/api/auth/login').send({ email: 'nadie@norte.example', password: 'wrong-password' })).status).toBe(401);
    await pause(300);
    expect(await count()).toBe(total);
  });

  it("shows each company only its own entries: another company's entry is not found", async () => {
    const [theirs] = await entriesOf(norte, 'true');
    const south: AuditEntry[] = (await list(surAdmin, { pageSize: 500 })).body.items;
    expect(south.length).toBeGreaterThan(0);
    expect(south.some((entry) => entry.id === Number(theirs.id))).toBe(false);
    expect(south.some((entry) => ['Jorge Salinas', 'Luis Cárdenas'].includes(entry.label))).toBe(false);
    expect((await t.http().get(`/api/audit/${theirs.id}`).set(bearer(surAdmin))).status).toBe(404);
    expect((await t.http().get(`/api/audit/${theirs.id}`).set(bearer(norteAdmin))).body).toMatchObject({ id: Number(theirs.id) });
  });

  it("filters one record's history and searches by who, what and values", async () => {
    const [jorge] = await t.sql<{ id: number }>(`select id from app_user where email = 'jefe@norte.example'`);
    const history: AuditEntry[] = (await list(norteAdmin, { entity: 'user', entity_id: jorge.id, pageSize: 100 })).body.items;
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((entry) => entry.entity === 'user' && entry.entity_id === jorge.id)).toBe(true);

    const found: AuditEntry[] = (await list(norteAdmin, { search: 'jefe de turno b' })).body.items;
    expect(found.map((entry) => entry.label)).toEqual(['Jorge Salinas']);
    const refused = await list(norteAdmin, { entity: 'die', entity_id: 'x' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields).sort()).toEqual(['entity', 'entity_id']);
  });

  it('is read by administrators only', async () => {
    for (const email of ['jefe@norte.example', 'operario@norte.example', 'invitado@norte.example']) {
      const { access_token } = await t.login(email);
      const response = await list(access_token);
      expect([email, response.status]).toEqual([email, 403]);
    }
    expect((await t.http().get('/api/audit/all')).status).toBe(401);
  });

  it('is append-only, even for the database superuser', async () => {
    const [entry] = await entriesOf(norte, 'true');
    await expect(t.sql(`update audit_entry set label = 'cambiado' where id = $1`, [entry.id])).rejects.toThrow(/append-only/);
    await expect(t.sql(`delete from audit_entry where id = $1`, [entry.id])).rejects.toThrow(/append-only/);
    expect((await t.sql(`select label from audit_entry where id = $1`, [entry.id]))[0].label).toBe(entry.label);
  });
});
