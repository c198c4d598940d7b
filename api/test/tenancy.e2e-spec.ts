import jwt from 'jsonwebtoken';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { LIST_CHANGED_CHANNEL } from '../src/database/data-changes';
import { LIST_CHANGED_FUNCTION } from '../src/database/tenant-policy';
import { DieEntity } from '../src/dieshop/die.entity';
import { ListCounts } from '../src/tenancy/list-counts.service';
import { TenantDb, type TenantScope } from '../src/tenancy/tenant-db.service';
import { bearer, startTestApp, TEST_JWT_SECRET, type TestApp } from './support/test-app';

let t: TestApp;
let north: number;
let south: number;
let northIds: { die: number; record: number; report: number; share?: number };
beforeAll(async () => {
  t = await startTestApp();
  const companies = await t.sql<{ id: number; name: string }>(`select id, name from company`);
  north = companies.find((company) => company.name === 'Extrusiones del Norte')!.id;
  south = companies.find((company) => company.name === 'Perfiles del Sur')!.id;
  const [die] = await t.sql<{ id: number }>(`select id from die where company_id = $1 order by id limit 1`, [north]);
  const [record] = await t.sql<{ id: number }>(`select id from correction_record where company_id = $1 order by id limit 1`, [north]);
  const [report] = await t.sql<{ id: number }>(`select id from correction_report where company_id = $1 order by id limit 1`, [north]);
  northIds = { die: die.id, record: record.id, report: report.id };
});
afterAll(() => t.close());

describe('a user of Perfiles del Sur reaches nothing of Extrusiones del Norte', () => {
  let southAdmin: string;
  let southUser: string;
  beforeAll(async () => {
    southAdmin = (await t.login('admin@sur.example')).access_token;
    southUser = (await t.login('operario@sur.example')).access_token;
    const northAdmin = (await t.login('admin@norte.example')).access_token;
    const link = await t.http().post('/api/share-token').set(bearer(northAdmin)).send({ resource_type: 'die-summary', resource_id: northIds.die });
    expect(link.status).toBe(201);
    const [row] = await t.sql<{ id: number }>(`select id from share_token where company_id = $1 order by id desc limit 1`, [north]);
    northIds.share = row.id;
  });

  it('lists only its own dies', async () => {
    for (const token of [southAdmin, southUser]) {
      const all = await t.http().get('/api/die/all?pageSize=500').set(bearer(token));
      expect(all.status).toBe(200);
      const own = await t.sql<{ id: number }>(`select id from die where company_id = $1 order by die_reference, copy_number`, [south]);
      expect(all.body.items.map((die: { id: number }) => die.id)).toEqual(own.map((die) => die.id));
      const found = await t.http().get('/api/die/find?reference=en').set(bearer(token));
      expect(found.body).toEqual([]);
    }
  });

  it('gets 404 for every Norte record, exactly as for one that does not exist', async () => {
    for (const path of [
      `/api/die/${northIds.die}`,
      `/api/correction-record/${northIds.record}`,
      `/api/correction-report/${northIds.report}`,
      `/api/correction-comment?correction_record_id=${northIds.record}`,
      `/api/correction-comment?correction_report_id=${northIds.report}`,
    ]) {
      const response = await t.http().get(path).set(bearer(southAdmin));
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 404,
        body: { statusCode: 404, message: 'No encontrado', error: 'Not Found' },
      });
    }
  });

  it('cannot share, revoke or otherwise change Norte data', async () => {
    expect((await t.http().post('/api/share-token').set(bearer(southAdmin)).send({ resource_type: 'die-summary', resource_id: northIds.die })).status).toBe(
      404,
    );
    expect((await t.http().delete(`/api/share-token/${northIds.share}`).set(bearer(southAdmin))).status).toBe(404);
    const [share] = await t.sql<{ revoked_at: Date | null }>(`select revoked_at from share_token where id = $1`, [northIds.share]);
    expect(share.revoked_at).toBeNull();
  });

  it('is refused (403) when naming the other company in a query or body', async () => {
    for (const path of [`/api/die/all?company_id=${north}`, `/api/die/find?company_id=${north}&reference=EN`]) {
      const response = await t.http().get(path).set(bearer(southUser));
      expect(response.status).toBe(403);
    }
    const body = await t.http().post('/api/share-token').set(bearer(southAdmin)).send({ resource_type: 'die-summary', resource_id: 1, companyId: north });
    expect(body.status).toBe(403);
    expect((await t.http().get(`/api/die/all?company_id=${south}`).set(bearer(southUser))).status).toBe(200);
  });

  it('cannot use a token naming a company it does not belong to, even correctly signed', async () => {
    const [user] = await t.sql<{ id: number; uuid: string }>(`select id, uuid from app_user where email = 'operario@sur.example'`);
    const forged = jwt.sign({ uuid: user.uuid, roles: ['user'], company_id: north }, TEST_JWT_SECRET, {
      algorithm: 'HS256',
      issuer: 'planta-api',
      audience: 'planta-portal',
      subject: String(user.id),
      expiresIn: '1h',
    });
    expect((await t.http().get('/api/die/all').set(bearer(forged))).status).toBe(401);
  });
});

describe('company selection', () => {
  it('lists every company of an admin and lets them switch; the new token sees only that company', async () => {
    const session = await t.login('admin@norte.example');
    const companies = await t.http().get('/api/company/all').set(bearer(session.access_token));
    expect(companies.body).toEqual([
      { id: north, name: 'Extrusiones del Norte', currency: 'EUR' },
      { id: south, name: 'Perfiles del Sur', currency: 'EUR' },
    ]);
    const switched = await t.http().post('/api/company/switch').set(bearer(session.access_token)).send({ company_id: south });
    expect(switched.status).toBe(200);
    expect(switched.body.user.data).toMatchObject({ company_id: south, companyId: south, id: session.user.data.id });
    const southToken = switched.body.access_token;
    const dies = await t.http().get('/api/die/all').set(bearer(southToken));
    expect(dies.body.items.every((die: { die_reference: string }) => die.die_reference.startsWith('PS-'))).toBe(true);
    expect(dies.body.total).toBeGreaterThan(0);
    expect((await t.http().get(`/api/die/${northIds.die}`).set(bearer(southToken))).status).toBe(404);
    // Signing in again with the stored token keeps the chosen company.
    const again = await t.http().post('/api/auth/token').send({ token: southToken, email: 'admin@norte.example' });
    expect(again.body.user.data.company_id).toBe(south);
    const back = await t.http().post('/api/company/switch').set(bearer(southToken)).send({ company_id: north });
    expect(back.status).toBe(200);
  });

  it('shows non-admins only their own company and refuses switching for non-members', async () => {
    const southUser = await t.login('operario@sur.example');
    expect((await t.http().get('/api/company/all').set(bearer(southUser.access_token))).body).toEqual([
      { id: south, name: 'Perfiles del Sur', currency: 'EUR' },
    ]);
    expect((await t.http().post('/api/company/switch').set(bearer(southUser.access_token)).send({ company_id: north })).status).toBe(403);
    const southAdmin = await t.login('admin@sur.example');
    expect((await t.http().post('/api/company/switch').set(bearer(southAdmin.access_token)).send({ company_id: north })).status).toBe(403);
    const staff = await t.login('jefe@norte.example');
    expect((await t.http().post('/api/company/switch').set(bearer(staff.access_token)).send({ company_id: south })).status).toBe(403);
    expect((await t.http().post('/api/company/switch').set(bearer(staff.access_token)).send({ company_id: 999999 })).status).toBe(403);
    expect((await t.http().post('/api/company/switch').set(bearer(staff.access_token)).send({ company_id: 'x' })).status).toBe(400);
  });
});

describe('row-level security (defence in depth)', () => {
  it('shows the app role no company-owned row without a company, and only that company with one', async () => {
    const client = new Client({ connectionString: t.database.url });
    client.on('error', () => undefined);
    await client.connect();
    try {
      expect((await client.query(`select count(*)::int as n from die`)).rows[0].n).toBe(0);
      await client.query('begin');
      await client.query(`select set_config('planta.company_id', $1, true)`, [String(south)]);
      const visible = await client.query(`select distinct company_id from die`);
      expect(visible.rows).toEqual([{ company_id: south }]);
      await expect(client.query(`insert into die (company_id, die_reference, copy_number) values ($1, 'X-1', 1)`, [north])).rejects.toThrow(
        /row-level security/,
      );
      await client.query('rollback');
    } finally {
      await client.end();
    }
  });

  it("reads without a transaction on connections of their own: each read sees only its company's rows, a write there is refused, and the app's connections keep no company", async () => {
    const tenantDb = t.app.get(TenantDb);
    const companiesOf = (companyId: number) =>
      tenantDb.read(async (scope) => (await scope.manager.query(`select distinct company_id from die`)) as { company_id: number }[], companyId);
    // Alternating companies over more reads than the pool has connections: each connection serves both in turn.
    for (let round = 0; round < 15; round++) {
      const [fromNorth, fromSouth] = await Promise.all([companiesOf(north), companiesOf(south)]);
      expect([round, fromNorth, fromSouth]).toEqual([round, [{ company_id: north }], [{ company_id: south }]]);
    }
    await expect(
      tenantDb.read((scope) => scope.manager.query(`update die set location = location where company_id = $1`, [scope.companyId]), north),
    ).rejects.toThrow(/read-only transaction/);
    await expect(tenantDb.read(async () => 'never', 0)).rejects.toThrow(/no company/);
    // The app's own pool: no company outside a transaction, so a query that forgets its scope sees nothing.
    const app = t.app.get(DataSource);
    for (let round = 0; round < 12; round++) {
      await tenantDb.transaction(async () => undefined, round % 2 ? north : south);
      expect(await app.query(`select count(*)::int as n from die`)).toEqual([{ n: 0 }]);
    }
  });
});

describe('list totals kept by each process (ListCounts)', () => {
  it('are announced on every table with a company_id column: a statement-level trigger after each kind of write', async () => {
    // pg_trigger.tgtype: 1 row-level, 2 before, 4 insert, 8 delete, 16 update, 32 truncate.
    const tables = await t.sql<{ name: string; announced: boolean }>(
      `select c.relname as name,
              exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgfoid = to_regproc($1) and g.tgenabled = 'O'
                         and g.tgtype & 3 = 0 and g.tgtype & 60 = 60) as announced
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped)
        order by c.relname`,
      [LIST_CHANGED_FUNCTION],
    );
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['production_order', 'die', 'machine', 'company_member']));
    expect(tables.filter((table) => !table.announced).map((table) => table.name)).toEqual([]);
  });

  it("are announced with the written table's name, whoever writes (here plain SQL)", async () => {
    const listener = new Client({ connectionString: t.database.url });
    listener.on('error', () => undefined);
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', ({ channel, payload }) => channel === LIST_CHANGED_CHANNEL && heard.push(payload ?? ''));
      await listener.query(`listen ${LIST_CHANGED_CHANNEL}`);
      await t.sql(`update die set description = description where id = $1`, [northIds.die]);
      const until = Date.now() + 2_000;
      while (!heard.includes('die') && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).toContain('die');
    } finally {
      await listener.end();
    }
  });

  it('are forgotten by the writing process for the tables a transaction wrote, once it commits; not for one rolled back', async () => {
    const tenantDb = t.app.get(TenantDb);
    const forget = jest.spyOn(t.app.get(ListCounts), 'forget');
    try {
      const newDie = (scope: TenantScope) => scope.repository(DieEntity).create({ die_reference: 'LC-TENANCY', copy_number: 1 });
      await expect(
        tenantDb.transaction(async (scope) => {
          await newDie(scope);
          throw new Error('rolled back');
        }, north),
      ).rejects.toThrow('rolled back');
      expect(forget).not.toHaveBeenCalledWith('die');
      const created = await tenantDb.transaction((scope) => newDie(scope), north);
      expect(forget).toHaveBeenCalledWith('die');
      await tenantDb.transaction((scope) => scope.repository(DieEntity).remove(created.id), north);
    } finally {
      forget.mockRestore();
    }
  });
});
