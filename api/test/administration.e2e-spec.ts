import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { messages, PAGES } from '@planta/contracts';
import { createApp } from '../src/app.factory';
import { bearer, dropDatabase, startTestApp, type TestApp } from './support/test-app';

/**
 * The companies, roles and pages of the administration area (issue 11): who may use them, that
 * one company never sees or changes another's, the rules of each, and their audit trail.
 */
let t: TestApp;
/** After the restart test: the second app on the same database. */
let restarted: INestApplication | null = null;
const http = () => (restarted ? request(restarted.getHttpServer()) : t.http());
const token: Record<string, string> = {};
let norte: number;
let sur: number;
let calidad: number;

const EMAILS = ['admin@norte.example', 'jefe@norte.example', 'operario@norte.example', 'invitado@norte.example', 'admin@sur.example'];

beforeAll(async () => {
  t = await startTestApp();
  for (const email of EMAILS) token[email] = (await t.login(email)).access_token;
  [{ id: norte }] = await t.sql<{ id: number }>(`select id from company where name = 'Extrusiones del Norte'`);
  [{ id: sur }] = await t.sql<{ id: number }>(`select id from company where name = 'Perfiles del Sur'`);
  [{ id: calidad }] = await t.sql<{ id: number }>(`select id from role where name = 'calidad' and company_id = $1`, [norte]);
});
afterAll(async () => {
  if (restarted) {
    await restarted.close();
    await dropDatabase(t.database.name);
  } else await t.close();
});

const as = (email: string) => bearer(token[email]);
const admin = () => as('admin@norte.example');

/** The latest audit entry of a record in a company's trail. */
async function lastEntry(companyId: number, entity: string, entityId: number) {
  const [entry] = await t.sql<{ action: string; actor_name: string; before: unknown; after: unknown }>(
    `select action, actor_name, before, after from audit_entry where company_id = $1 and entity = $2 and entity_id = $3 order by id desc limit 1`,
    [companyId, entity, entityId],
  );
  return entry;
}

const pageId = async (alias: string) => (await t.sql<{ id: number }>(`select id from page where alias = $1`, [alias]))[0].id;

describe('who may use the companies, roles and pages screens', () => {
  const routes = (): [string, string, object?][] => [
    ['get', '/api/company/list'],
    ['get', `/api/company/${norte}`],
    ['post', '/api/company', { name: 'Intrusa S.L.' }],
    ['patch', `/api/company/${norte}`, { tax_id: 'X' }],
    ['delete', `/api/company/${norte}`],
    ['get', '/api/role/all'],
    ['get', `/api/role/${calidad}`],
    ['post', '/api/role', { name: 'intrusos' }],
    ['patch', `/api/role/${calidad}`, { description: 'x' }],
    ['delete', `/api/role/${calidad}`],
    ['get', '/api/page/all'],
    ['get', `/api/page/1`],
    ['patch', `/api/page/1`, { name: 'x' }],
  ];

  for (const email of ['jefe@norte.example', 'operario@norte.example', 'invitado@norte.example']) {
    it(`refuses every route to ${email} (403), and keeps the company selector for them`, async () => {
      for (const [method, path, body] of routes()) {
        const pending = (http() as unknown as Record<string, (path: string) => request.Test>)[method](path).set(as(email));
        const response = await (body ? pending.send(body) : pending);
        expect({ method, path, status: response.status }).toEqual({ method, path, status: 403 });
      }
      expect((await http().get('/api/company/all').set(as(email))).status).toBe(200);
      expect(await t.sql(`select 1 from role where name = 'intrusos'`)).toEqual([]);
      expect(await t.sql(`select 1 from company where name = 'Intrusa S.L.'`)).toEqual([]);
    });
  }

  it('asks for a signed-in caller first (401)', async () => {
    expect((await http().get('/api/company/list')).status).toBe(401);
    expect((await http().get('/api/role/all')).status).toBe(401);
    expect((await http().get('/api/page/all')).status).toBe(401);
  });
});

describe('companies', () => {
  it('lists only the companies the caller belongs to, with their details and member counts', async () => {
    const north = await http().get('/api/company/list').set(admin());
    expect(north.status).toBe(200);
    expect(north.body.items.map((company: { name: string }) => company.name)).toEqual(['Extrusiones del Norte', 'Perfiles del Sur']);
    expect(north.body.items[0]).toMatchObject({
      id: norte,
      tax_id: 'B48123456',
      time_zone: 'Europe/Madrid',
      currency: 'EUR',
      upload_limit_mb: 2,
      active: true,
      member_count: 7,
      current: true,
      manageable: true,
    });
    expect(north.body.items[0].address).toContain('Basauri');
    const south = await http().get('/api/company/list').set(as('admin@sur.example'));
    expect(south.body.items.map((company: { name: string }) => company.name)).toEqual(['Perfiles del Sur']);
    const searched = await http().get('/api/company/list').query({ search: 'sevilla' }).set(admin());
    expect(searched.body.items.map((company: { id: number }) => company.id)).toEqual([sur]);
    // The toolbar's selector answers as it always did, and with each company's currency (the UI shows money in it).
    expect((await http().get('/api/company/all').set(admin())).body).toEqual([
      { id: norte, name: 'Extrusiones del Norte', currency: 'EUR' },
      { id: sur, name: 'Perfiles del Sur', currency: 'EUR' },
    ]);
  });

  it('answers 404 for a company the caller does not belong to, and changes nothing of it', async () => {
    const south = as('admin@sur.example');
    expect((await http().get(`/api/company/${norte}`).set(south)).status).toBe(404);
    expect((await http().patch(`/api/company/${norte}`).set(south).send({ name: 'Robada S.A.', active: false })).status).toBe(404);
    expect((await http().delete(`/api/company/${norte}`).set(south)).status).toBe(404);
    expect(await t.sql(`select name, active from company where id = $1`, [norte])).toEqual([{ name: 'Extrusiones del Norte', active: true }]);
  });

  it('changes details with the grant in that company only; a refusal there is 403 and audited', async () => {
    const changed = await http()
      .patch(`/api/company/${norte}`)
      .set(admin())
      .send({ tax_id: 'B48000001', time_zone: 'Atlantic/Canary', currency: 'USD', upload_limit_mb: 10 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ tax_id: 'B48000001', time_zone: 'Atlantic/Canary', currency: 'USD', upload_limit_mb: 10 });
    expect(await lastEntry(norte, 'company', norte)).toEqual({
      action: 'update',
      actor_name: 'admin@norte.example',
      before: { tax_id: 'B48123456', time_zone: 'Europe/Madrid', currency: 'EUR', upload_limit_mb: 2 },
      after: { tax_id: 'B48000001', time_zone: 'Atlantic/Canary', currency: 'USD', upload_limit_mb: 10 },
    });
    expect((await http().get('/api/company/all').set(admin())).body[0]).toEqual({ id: norte, name: 'Extrusiones del Norte', currency: 'USD' });
    expect((await http().patch(`/api/company/${norte}`).set(admin()).send({ currency: 'EUR' })).status).toBe(200);

    // Working in the north, the administrator changes the south, where they are admin too...
    expect((await http().patch(`/api/company/${sur}`).set(admin()).send({ tax_id: 'B41000002' })).status).toBe(200);
    // ...until the south takes the companies update grant from its admin role.
    const revoke = `update page_role set update = $2 where company_id = $1 and page_id = (select id from page where alias = 'companies')
                      and role_id = (select id from role where name = 'admin' and company_id is null)`;
    await t.sql(revoke, [sur, false]);
    try {
      const refused = await http().patch(`/api/company/${sur}`).set(admin()).send({ tax_id: 'B41000003' });
      expect(refused.status).toBe(403);
      expect(await lastEntry(sur, 'company', sur)).toMatchObject({ action: 'refused', actor_name: 'admin@norte.example' });
      expect(await t.sql(`select tax_id from company where id = $1`, [sur])).toEqual([{ tax_id: 'B41000002' }]);
      expect((await http().get(`/api/company/${sur}`).set(admin())).body.manageable).toBe(false);
    } finally {
      await t.sql(revoke, [sur, true]);
    }
  });

  it('refuses bad input with Spanish messages on their fields, and a taken name with 409', async () => {
    const bad = await http().post('/api/company').set(admin()).send({ name: '  ', time_zone: 'Mars/Olympus_Mons', upload_limit_mb: 101 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ name: messages.required, time_zone: messages.invalidTimeZone, upload_limit_mb: messages.uploadLimitRange });
    for (const time_zone of ['europe/madrid', '+01:00', '']) {
      const response = await http().patch(`/api/company/${norte}`).set(admin()).send({ time_zone });
      expect({ time_zone, status: response.status, fields: response.body.fields }).toEqual({
        time_zone,
        status: 400,
        fields: { time_zone: messages.invalidTimeZone },
      });
    }
    expect((await http().patch(`/api/company/${norte}`).set(admin()).send({ upload_limit_mb: 0 })).body.fields).toEqual({
      upload_limit_mb: messages.uploadLimitRange,
    });
    // The currency is an ISO 4217 code: three capitals of a currency that exists; the database refuses any other shape too.
    for (const currency of ['eur', 'EURO', '€', 'XQZ', 12, '']) {
      const response = await http().patch(`/api/company/${norte}`).set(admin()).send({ currency });
      expect({ currency, status: response.status, fields: response.body.fields }).toEqual({
        currency,
        status: 400,
        fields: { currency: messages.invalidCurrency },
      });
    }
    await expect(t.sql(`update company set currency = 'eu' where id = $1`, [norte])).rejects.toThrow(/company_currency_iso/);
    expect(await t.sql(`select currency from company where id = $1`, [norte])).toEqual([{ currency: 'EUR' }]);
    const taken = await http().post('/api/company').set(admin()).send({ name: 'perfiles del sur' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: messages.companyNameTaken, fields: { name: messages.companyNameTaken } });
    const renamed = await http().patch(`/api/company/${norte}`).set(admin()).send({ name: 'Perfiles del Sur' });
    expect(renamed.status).toBe(409);
  });

  it('creates a company whose creator is its administrator, with the default grants and its trail begun', async () => {
    const created = await http()
      .post('/api/company')
      .set(admin())
      .send({ name: 'Laminados del Este', tax_id: 'B46111222', address: 'Paterna (Valencia)', time_zone: 'Europe/Madrid' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Laminados del Este',
      currency: 'EUR',
      upload_limit_mb: 2,
      active: true,
      member_count: 1,
      current: false,
      manageable: true,
    });
    const id = created.body.id;
    const [{ user_id }] = await t.sql<{ user_id: number }>(`select id as user_id from app_user where email = 'admin@norte.example'`);
    expect(
      await t.sql(`select role.name from company_member_role held join role on role.id = held.role_id where held.company_id = $1 and held.user_id = $2`, [
        id,
        user_id,
      ]),
    ).toEqual([{ name: 'admin' }]);
    const [{ grants }] = await t.sql<{ grants: number }>(`select count(*)::int as grants from page_role where company_id = $1`, [id]);
    expect(grants).toBe(PAGES.length * 4);
    expect(await lastEntry(id, 'company', id)).toMatchObject({ action: 'create', actor_name: 'admin@norte.example', after: { name: 'Laminados del Este' } });

    // The creator can switch into it and administer it there.
    const switched = await http().post('/api/company/switch').set(admin()).send({ company_id: id });
    expect(switched.status).toBe(200);
    expect(switched.body.user.role).toEqual(['admin']);
    const inside = bearer(switched.body.access_token);
    expect((await http().get('/api/role/all').set(inside)).body.items.map((role: { name: string }) => role.name)).toEqual(['admin', 'guest', 'staff', 'user']);
    // Not while working in it...
    const current = await http().delete(`/api/company/${id}`).set(inside);
    expect(current.status).toBe(409);
    expect(current.body.message).toBe(messages.companyDeleteCurrent);
    // ...but from another company, while it has nothing but its set-up.
    expect((await http().delete(`/api/company/${id}`).set(admin())).status).toBe(204);
    expect(await t.sql(`select 1 from company where id = $1`, [id])).toEqual([]);
    expect(await lastEntry(norte, 'company', id)).toMatchObject({ action: 'delete', before: { name: 'Laminados del Este' } });
  });

  it('refuses to delete a company with other members or data, suggesting deactivation (409)', async () => {
    const withData = await http().delete(`/api/company/${sur}`).set(admin());
    expect(withData.status).toBe(409);
    expect(withData.body.message).toMatch(/miembros.*datos.*Desactívala/);

    const created = await http().post('/api/company').set(admin()).send({ name: 'Anodizados del Oeste' });
    const id = created.body.id;
    const [{ user_id }] = await t.sql<{ user_id: number }>(`select id as user_id from app_user where email = 'admin@norte.example'`);
    await t.sql(`insert into notification (company_id, user_id, text_message, variant) values ($1, $2, 'Bienvenida', 'info')`, [id, user_id]);
    const withNotice = await http().delete(`/api/company/${id}`).set(admin());
    expect(withNotice.status).toBe(409);
    expect(withNotice.body.message).toBe(messages.companyNotEmpty('datos (1 registro)'));
    await t.sql(`delete from notification where company_id = $1`, [id]);
    await t.sql(`insert into company_member (company_id, user_id) select $1, id from app_user where email = 'jefe@norte.example'`, [id]);
    const withMember = await http().delete(`/api/company/${id}`).set(admin());
    expect(withMember.body.message).toBe(messages.companyNotEmpty('otro miembro'));
    expect(await t.sql(`select 1 from company where id = $1`, [id])).toEqual([{ '?column?': 1 }]);
  });

  it('deactivates a company: nobody can switch into it, its sessions end; the active company cannot be', async () => {
    const own = await http().patch(`/api/company/${norte}`).set(admin()).send({ active: false });
    expect(own.status).toBe(409);
    expect(own.body.fields).toEqual({ active: messages.companyDeactivateCurrent });

    const southSession = await t.login('admin@sur.example');
    expect((await http().get('/api/grants').set(bearer(southSession.access_token))).status).toBe(200);
    const off = await http().patch(`/api/company/${sur}`).set(admin()).send({ active: false });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect(await lastEntry(sur, 'company', sur)).toMatchObject({ action: 'deactivate', before: { active: true }, after: { active: false } });
    try {
      expect((await http().get('/api/grants').set(bearer(southSession.access_token))).status).toBe(401);
      expect((await http().post('/api/company/switch').set(admin()).send({ company_id: sur })).status).toBe(403);
      expect((await http().get('/api/company/all').set(admin())).body.map((company: { id: number }) => company.id)).not.toContain(sur);
      // Still administered from the north: listed, marked inactive.
      expect((await http().get(`/api/company/${sur}`).set(admin())).body).toMatchObject({ active: false });
    } finally {
      const on = await http().patch(`/api/company/${sur}`).set(admin()).send({ active: true });
      expect(on.status).toBe(200);
    }
    expect(await lastEntry(sur, 'company', sur)).toMatchObject({ action: 'activate' });
    expect((await http().post('/api/company/switch').set(admin()).send({ company_id: sur })).status).toBe(200);
  });

  it("records the company a registration creates in that company's trail", async () => {
    const registered = await http()
      .post('/api/auth/register')
      .send({ displayName: 'Ana Pérez', email: 'ana@aluandes.example', password: 'segura123', passwordConfirm: 'segura123', companyName: 'Aluminios Andinos' });
    expect(registered.status).toBe(201);
    const id = registered.body.user.data.company_id;
    expect(await lastEntry(id, 'company', id)).toMatchObject({ action: 'create', actor_name: 'ana@aluandes.example', after: { name: 'Aluminios Andinos' } });
  });
});

describe('roles', () => {
  it("lists the four built-in roles and the active company's own, not another company's", async () => {
    const north = await http().get('/api/role/all').set(admin());
    expect(north.body.items.map(({ name, built_in }: { name: string; built_in: boolean }) => [name, built_in])).toEqual([
      ['admin', true],
      ['calidad', false],
      ['guest', true],
      ['staff', true],
      ['user', true],
    ]);
    const south = as('admin@sur.example');
    expect((await http().get('/api/role/all').set(south)).body.items.map((role: { name: string }) => role.name)).toEqual(['admin', 'guest', 'staff', 'user']);
    expect((await http().get(`/api/role/${calidad}`).set(south)).status).toBe(404);
    expect((await http().patch(`/api/role/${calidad}`).set(south).send({ name: 'robado' })).status).toBe(404);
    expect((await http().delete(`/api/role/${calidad}`).set(south)).status).toBe(404);
    expect(await t.sql(`select name from role where id = $1`, [calidad])).toEqual([{ name: 'calidad' }]);
  });

  it('keeps the built-in roles as they are (409)', async () => {
    const [{ id }] = await t.sql<{ id: number }>(`select id from role where name = 'admin' and company_id is null`);
    for (const response of [
      await http().patch(`/api/role/${id}`).set(admin()).send({ name: 'jefazo' }),
      await http().patch(`/api/role/${id}`).set(admin()).send({ description: 'Otra' }),
      await http().delete(`/api/role/${id}`).set(admin()),
    ]) {
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(messages.builtInRoleReadOnly);
    }
    expect(await t.sql(`select name, description from role where id = $1`, [id])).toEqual([
      { name: 'admin', description: 'Administración completa de la empresa' },
    ]);
  });

  it('creates a role with no grant, renames it, used by the grants like any other, deleted only when nobody holds it', async () => {
    for (const name of ['ADMIN', 'Calidad']) {
      const taken = await http().post('/api/role').set(admin()).send({ name });
      expect(taken.status).toBe(409);
      expect(taken.body.fields).toEqual({ name: messages.roleNameTaken });
    }
    const invalid = await http()
      .post('/api/role')
      .set(admin())
      .send({ name: '', description: 'x'.repeat(201) });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toEqual({ name: messages.required, description: messages.tooLong(200) });

    const created = await http().post('/api/role').set(admin()).send({ name: 'Mantenedores externos', description: 'Contratas' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Mantenedores externos', built_in: false, holders: 0 });
    const id = created.body.id;
    const rows = await t.sql<{ granted: number; total: number }>(
      `select count(*) filter (where read or insert or update or delete)::int as granted, count(*)::int as total from page_role where role_id = $1 and company_id = $2`,
      [id, norte],
    );
    expect(rows).toEqual([{ granted: 0, total: PAGES.length }]);
    expect(await lastEntry(norte, 'role', id)).toMatchObject({ action: 'create', after: { name: 'Mantenedores externos', description: 'Contratas' } });
    // The south's own role of the same name is another role.
    expect((await http().post('/api/role').set(as('admin@sur.example')).send({ name: 'mantenedores externos' })).status).toBe(201);

    const renamed = await http().patch(`/api/role/${id}`).set(admin()).send({ name: 'Contratas' });
    expect(renamed.status).toBe(200);
    expect(await lastEntry(norte, 'role', id)).toMatchObject({
      action: 'update',
      before: { name: 'Mantenedores externos' },
      after: { name: 'Contratas' },
    });

    // Held by the operator and granted reading the pages screen, it lets them read it.
    const [{ user_id }] = await t.sql<{ user_id: number }>(`select id as user_id from app_user where email = 'operario@norte.example'`);
    await t.sql(`insert into company_member_role (company_id, user_id, role_id) values ($1, $2, $3)`, [norte, user_id, id]);
    await t.sql(`update page_role set read = true where role_id = $1 and page_id = $2`, [id, await pageId('pages')]);
    expect((await http().get('/api/page/all').set(as('operario@norte.example'))).status).toBe(200);
    expect((await http().get(`/api/role/${id}`).set(admin())).body.holders).toBe(1);
    const held = await http().delete(`/api/role/${id}`).set(admin());
    expect(held.status).toBe(409);
    expect(held.body.message).toBe(messages.roleHeld(1));

    await t.sql(`delete from company_member_role where role_id = $1`, [id]);
    expect((await http().delete(`/api/role/${id}`).set(admin())).status).toBe(204);
    expect(await t.sql(`select 1 from role where id = $1`, [id])).toEqual([]);
    expect(await t.sql(`select 1 from page_role where role_id = $1`, [id])).toEqual([]);
    expect(await lastEntry(norte, 'role', id)).toMatchObject({ action: 'delete', before: { name: 'Contratas' } });
  });
});

describe('pages', () => {
  it("lists the catalogue; a company's own name shows for it alone, in the page-role list too; the catalogue's values restore it", async () => {
    const dies = await pageId('dies');
    const list = await http().get('/api/page/all').query({ pageSize: 100 }).set(admin());
    expect(list.body.total).toBe(PAGES.length);
    expect(list.body.items.find((page: { alias: string }) => page.alias === 'dies')).toMatchObject({
      name: 'Inventario de matrices',
      catalogue_name: 'Inventario de matrices',
      area: 'dieshop',
      customised: false,
    });

    const edited = await http().patch(`/api/page/${dies}`).set(admin()).send({ name: 'Matrices de la planta', description: 'Nuestro almacén de matrices' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Matrices de la planta', description: 'Nuestro almacén de matrices', customised: true });
    expect(await lastEntry(norte, 'page', dies)).toMatchObject({
      action: 'update',
      before: { name: 'Inventario de matrices' },
      after: { name: 'Matrices de la planta' },
    });
    const grants = await http().get('/api/page-role/all').query({ search: 'dies', pageSize: 100 }).set(admin());
    expect(grants.body.items.filter((row: { page_alias: string }) => row.page_alias === 'dies').map((row: { page_name: string }) => row.page_name)).toEqual(
      Array(5).fill('Matrices de la planta'),
    );
    const south = as('admin@sur.example');
    expect((await http().get(`/api/page/${dies}`).set(south)).body).toMatchObject({ name: 'Inventario de matrices', customised: false });
    expect((await http().patch(`/api/page/${dies}`).set(admin()).send({ name: ' ' })).body.fields).toEqual({ name: messages.required });

    const restored = await http()
      .patch(`/api/page/${dies}`)
      .set(admin())
      .send({ name: 'Inventario de matrices', description: 'Matrices, copias y resumen de cada matriz' });
    expect(restored.body).toMatchObject({ name: 'Inventario de matrices', customised: false });
    expect(await t.sql(`select 1 from company_page where page_id = $1`, [dies])).toEqual([]);
  });

  it('keeps a page edit across a restart (the catalogue sync rewrites only the catalogue)', async () => {
    const machines = await pageId('machines');
    expect((await http().patch(`/api/page/${machines}`).set(admin()).send({ name: 'Equipos' })).status).toBe(200);
    await t.app.close();
    restarted = await createApp(t.config, t.database.url, { logger: false });
    const after = await http().get(`/api/page/${machines}`).set(admin());
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ name: 'Equipos', catalogue_name: 'Máquinas', customised: true });
    expect(await t.sql(`select name from page where id = $1`, [machines])).toEqual([{ name: 'Máquinas' }]);
  });
});
