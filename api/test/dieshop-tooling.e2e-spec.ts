import { DUMMY_BLOCK_OD_MEASURE, messages, toolMessages, type Tool, type ToolDetail } from '@planta/contracts';
import { insertTestLine } from './support/plant-rows.fixture';
import { bearer, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let north: number;
const tokens: Record<string, string> = {};
const ids = { line: 0, southLine: 0, southTool: 0 };
const EMAILS = ['matriceria@norte.example', 'jefe@norte.example', 'invitado@norte.example', 'admin@sur.example'];
const as = (email: string) => bearer(tokens[email]);
const TECH = 'matriceria@norte.example';

const create = (body: object, who = TECH) => t.http().post('/api/tool').set(as(who)).send(body);
const check = (id: number, body: object, who = TECH) => t.http().post(`/api/tool/${id}/checks`).set(as(who)).send(body);

beforeAll(async () => {
  t = await startTestApp();
  const companies = await t.sql<{ id: number; name: string }>(`select id, name from company`);
  north = companies.find((company) => company.name === 'Extrusiones del Norte')!.id;
  const south = companies.find((company) => company.name === 'Perfiles del Sur')!.id;
  for (const email of EMAILS) tokens[email] = (await t.login(email)).access_token;
  ids.line = await insertTestLine(t, { company: north, name: 'Prensa de herramental' });
  ids.southLine = await insertTestLine(t, { company: south, name: 'Prensa del sur' });
  const [southTool] = await t.sql<{ id: number }>(`insert into tool (company_id, code, kind) values ($1, 'SUR-1', 'stem') returning id`, [south]);
  ids.southTool = southTool.id;
});
afterAll(() => t.close());

describe('the register', () => {
  it('adds, lists and edits tools, refusing a repeated code, bad fields and another company’s lines by name', async () => {
    const added = await create({
      code: 'RS-100',
      kind: 'backer',
      description: 'Respaldo 7"',
      compatible_line_ids: [ids.line],
      diameter_mm: 330,
      location: 'Rack H1',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      code: 'RS-100',
      state: 'available',
      compatible_line_names: ['Prensa de herramental'],
      diameter_mm: 330,
      held_by: null,
      checks: [],
    });
    const again = await create({ code: 'RS-100', kind: 'ring' });
    expect([again.status, again.body.fields]).toEqual([409, { code: toolMessages.codeTaken }]);
    const bad = await create({ code: 'RS 1!', kind: 'hammer', diameter_mm: -1 });
    expect(Object.keys(bad.body.fields).sort()).toEqual(['code', 'diameter_mm', 'kind']);
    expect((await create({ code: 'RS-101', kind: 'ring', compatible_line_ids: [ids.southLine] })).body.fields).toEqual({
      compatible_line_ids: toolMessages.lineMissing,
    });
    expect((await create({ code: 'RS-102', kind: 'ring', state: 'in_use' })).body.fields).toEqual({ state: toolMessages.inUseByPreparation });

    const edited = await t.http().patch(`/api/tool/${added.body.id}`).set(as(TECH)).send({ state: 'repair', location: 'Taller' });
    expect(edited.body).toMatchObject({ state: 'repair', location: 'Taller' });
    const list = (await t.http().get('/api/tool/all?state=repair').set(as(TECH))).body as { items: Tool[] };
    expect(list.items.map((tool) => tool.code)).toEqual(['RS-100']);
    const byKind = (await t.http().get('/api/tool/all?kind=backer&search=rs-1').set(as(TECH))).body as { items: Tool[] };
    expect(byKind.items.map((tool) => tool.code)).toEqual(['RS-100']);
  });

  it('shows which preparation holds a tool and keeps its state until the preparation releases it', async () => {
    const tool = (await create({ code: 'VA-1', kind: 'stem' })).body as ToolDetail;
    const [die] = await t.sql<{ id: number }>(
      `insert into die (company_id, die_reference, copy_number, die_type, state) values ($1, 'HT-DIE', 1, 'solid', 'in_stock') returning id`,
      [north],
    );
    const enlistment = await t
      .http()
      .post('/api/die-enlistment')
      .set(as(TECH))
      .send({ die_id: die.id, needed_at: new Date(Date.now() + 3600_000).toISOString() });
    await t
      .http()
      .put(`/api/die-enlistment/${enlistment.body.id}/tools`)
      .set(as(TECH))
      .send({ tool_ids: [tool.id] });
    const held = (await t.http().get(`/api/tool/${tool.id}`).set(as(TECH))).body as ToolDetail;
    expect(held).toMatchObject({ state: 'in_use', held_by: { id: enlistment.body.id, number: enlistment.body.number } });
    expect(held.preparations).toEqual([expect.objectContaining({ number: enlistment.body.number, released_at: null })]);
    const refused = await t.http().patch(`/api/tool/${tool.id}`).set(as(TECH)).send({ state: 'repair' });
    expect([refused.status, refused.body.fields]).toEqual([409, { state: toolMessages.heldByPreparation }]);
  });
});

describe('checks', () => {
  it('checks a dummy block’s outer diameter against its nominal plus 0.5 mm and flags the growth', async () => {
    const block = (await create({ code: 'DP-1', kind: 'dummy_block', nominal_od_mm: 176 })).body as ToolDetail;
    const fine = await check(block.id, { measure: DUMMY_BLOCK_OD_MEASURE, value: 176.3 });
    expect(fine.status).toBe(201);
    expect(fine.body.checks[0]).toMatchObject({ ok: true, limit_value: 176.5, growth_mm: 0.3, warning: null, checked_by_name: 'Carmen Villalba' });
    const grown = await check(block.id, { measure: DUMMY_BLOCK_OD_MEASURE, value: 176.5 });
    expect(grown.body.checks[0]).toMatchObject({ ok: false, growth_mm: 0.5, warning: 'Disco de presión con crecimiento ≥ 0,5 mm: revisar elasticidad' });
    expect(grown.body).toMatchObject({ last_check_ok: false, last_check_at: expect.any(String) });
    expect(grown.body.checks.map((row: { value: number }) => row.value)).toEqual([176.5, 176.3]);

    const noNominal = (await create({ code: 'DP-2', kind: 'dummy_block' })).body as ToolDetail;
    expect((await check(noNominal.id, { measure: DUMMY_BLOCK_OD_MEASURE, value: 170 })).body.fields).toEqual({ measure: toolMessages.nominalMissing });
  });

  it('compares other measures with their limit, or takes the result given, and refuses bad values by name', async () => {
    const liner = (await create({ code: 'CM-1', kind: 'liner' })).body as ToolDetail;
    expect((await check(liner.id, { measure: 'Diámetro interior', value: 180.4, limit_value: 180.2 })).body.checks[0]).toMatchObject({
      ok: false,
      warning: null,
    });
    expect((await check(liner.id, { measure: 'Inspección visual', value: 0, ok: true })).body.checks[0]).toMatchObject({ ok: true, limit_value: null });
    const bad = await check(liner.id, { measure: '', value: 'mucho' });
    expect(Object.keys(bad.body.fields).sort()).toEqual(['measure', 'value']);
  });
});

describe('grants and tenancy', () => {
  it('refuses a guest every route and hides another company’s tools', async () => {
    const tool = (await create({ code: 'GR-1', kind: 'other' })).body as ToolDetail;
    const guest = as('invitado@norte.example');
    expect((await t.http().get('/api/tool/all').set(guest)).status).toBe(403);
    expect((await t.http().get(`/api/tool/${tool.id}`).set(guest)).status).toBe(403);
    expect((await t.http().post('/api/tool').set(guest).send({ code: 'X', kind: 'other' })).status).toBe(403);
    expect((await t.http().patch(`/api/tool/${tool.id}`).set(guest).send({ location: 'x' })).status).toBe(403);
    expect((await t.http().post(`/api/tool/${tool.id}/checks`).set(guest).send({ measure: 'x', value: 1 })).status).toBe(403);

    const south = as('admin@sur.example');
    for (const response of [
      await t.http().get(`/api/tool/${tool.id}`).set(south),
      await t.http().patch(`/api/tool/${tool.id}`).set(south).send({ location: 'x' }),
      await t.http().post(`/api/tool/${tool.id}/checks`).set(south).send({ measure: 'x', value: 1 }),
      await t.http().get(`/api/tool/${ids.southTool}`).set(as(TECH)),
    ])
      expect([response.status, response.body.message]).toEqual([404, messages.notFound]);
    const southList = (await t.http().get('/api/tool/all').set(south)).body as { items: Tool[] };
    // The south plant's own tools (its demo tooling and this test's), none of the north's.
    expect(southList.items.map((row) => row.code)).toContain('SUR-1');
    expect(southList.items.map((row) => row.id)).not.toContain(tool.id);
    expect((await t.http().get('/api/tool/all').set(as('jefe@norte.example'))).status).toBe(200);
  });
});
