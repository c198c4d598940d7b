import { dieCopyMessages, messages, profileMessages, type ProfileDimensions, type SavedDimensionRecord } from '@planta/contracts';
import { solidPng } from './support/png';
import { insertTestLine, insertTestOrder } from './support/plant-rows.fixture';
import { bearer, startTestApp, type TestApp } from './support/test-app';

/**
 * Profiles (the declared resource: its generic CRUD, grants and tenancy are also covered by
 * resources.e2e-spec.ts), their critical dimensions, the die-shop settings, and the 10-minute
 * checks compared with the tolerance of the run's die's profile.
 */

let t: TestApp;
let north: number;
let south: number;
const ids = { alloy: 0, southAlloy: 0 };
const tokens: Record<string, string> = {};
const ADMIN = 'admin@norte.example';
const LEAD = 'jefe@norte.example';
const TECH = 'matriceria@norte.example';
const OPERATOR = 'operario@norte.example';
const GUEST = 'invitado@norte.example';
const SOUTH_ADMIN = 'admin@sur.example';
const as = (email: string) => bearer(tokens[email]);

beforeAll(async () => {
  t = await startTestApp();
  const companies = await t.sql<{ id: number; name: string }>(`select id, name from company`);
  north = companies.find((company) => company.name === 'Extrusiones del Norte')!.id;
  south = companies.find((company) => company.name === 'Perfiles del Sur')!.id;
  for (const email of [ADMIN, LEAD, TECH, OPERATOR, GUEST, SOUTH_ADMIN]) tokens[email] = (await t.login(email)).access_token;
  const [alloy] = await t.sql<{ id: number }>(`select id from aluminum_alloy where company_id = $1 order by id limit 1`, [north]);
  const [southAlloy] = await t.sql<{ id: number }>(`select id from aluminum_alloy where company_id = $1 order by id limit 1`, [south]);
  Object.assign(ids, { alloy: alloy.id, southAlloy: southAlloy.id });
});
afterAll(() => t.close());

let profiles = 0;
async function createProfile(extra: object = {}, who = TECH): Promise<{ id: number; code: string }> {
  profiles += 1;
  const response = await t
    .http()
    .post('/api/profile')
    .set(as(who))
    .send({ code: `pf-ts-${profiles}`, customer: 'Ventanas del Norte', shape: 'hollow', nominal_kg_m: 1.2, alloy_id: ids.alloy, ...extra });
  expect(response.status).toBe(201);
  return response.body;
}
const putDimensions = (profileId: number, dimensions: unknown, who = TECH) =>
  t.http().put(`/api/profile/${profileId}/dimensions`).set(as(who)).send({ dimensions });

describe('profiles', () => {
  it('creates a profile with an upper-case code, lists and finds it, and refuses a taken code or another company’s alloy by field', async () => {
    const profile = await createProfile({ description: 'Marco corredera' });
    expect(profile).toMatchObject({ code: `PF-TS-${profiles}`, shape: 'hollow', nominal_kg_m: 1.2, alloy_id: ids.alloy, customer: 'Ventanas del Norte' });
    const found = await t
      .http()
      .get(`/api/profile/all?search=${encodeURIComponent('corredera')}`)
      .set(as(OPERATOR));
    expect(found.body.items.map((item: { id: number }) => item.id)).toContain(profile.id);

    const taken = await t.http().post('/api/profile').set(as(TECH)).send({ code: profile.code.toLowerCase() });
    expect([taken.status, taken.body.fields]).toEqual([409, { code: profileMessages.codeTaken }]);
    const foreignAlloy = await t.http().post('/api/profile').set(as(TECH)).send({ code: 'PF-TS-ALLOY', alloy_id: ids.southAlloy });
    expect([foreignAlloy.status, foreignAlloy.body.fields]).toEqual([400, { alloy_id: messages.referenceMissing }]);
    const bad = await t.http().post('/api/profile').set(as(TECH)).send({ code: 'PF TS!', shape: 'round', nominal_kg_m: -1 });
    expect(bad.body.fields).toEqual({ code: profileMessages.code, shape: profileMessages.shape, nominal_kg_m: messages.positiveNumber });
  });

  it('lists the die copies of a profile', async () => {
    const profile = await createProfile();
    const other = await createProfile();
    for (const [copy, profileId] of [
      [1, profile.id],
      [2, profile.id],
      [3, other.id],
    ]) {
      const die = await t
        .http()
        .post('/api/die')
        .set(as(TECH))
        .send({ die_reference: 'PF-TS-DIE', copy_number: copy, die_type: 'hollow', profile_id: profileId });
      expect(die.status).toBe(201);
    }
    const copies = await t.http().get(`/api/die/all?profile_id=${profile.id}`).set(as(TECH));
    expect(copies.body.items.map((die: { copy_number: number; profile_code: string }) => [die.copy_number, die.profile_code])).toEqual([
      [1, profile.code],
      [2, profile.code],
    ]);
    // A profile with copies is in use: only the copies' data names it.
    const removed = await t.http().delete(`/api/profile/${profile.id}`).set(as(ADMIN));
    expect([removed.status, removed.body.message]).toEqual([409, expect.stringMatching(/^No se puede eliminar: está en uso en Matrices \(2\)/)]);
    // And a profile names itself where it keeps something else in use.
    const alloyInUse = await t.http().delete(`/api/aluminum-alloy/${ids.alloy}`).set(as(ADMIN));
    expect([alloyInUse.status, alloyInUse.body.message]).toEqual([409, expect.stringMatching(/Perfiles \(\d+\)/)]);
  });
});

describe('critical dimensions', () => {
  it('replaces the list, reads it back by label, and empties it', async () => {
    const profile = await createProfile();
    expect((await t.http().get(`/api/profile/${profile.id}/dimensions`).set(as(TECH))).body).toEqual({ dimensions: [] });
    const saved = await putDimensions(profile.id, [
      { label: 'b', nominal_mm: 12.5, tol_minus_mm: 0.1, tol_plus_mm: 0.05 },
      { label: 'A', nominal_mm: 40, tol_minus_mm: 0.2, tol_plus_mm: 0.2 },
    ]);
    expect(saved.status).toBe(200);
    const expected: ProfileDimensions = {
      dimensions: [
        { label: 'A', nominal_mm: 40, tol_minus_mm: 0.2, tol_plus_mm: 0.2 },
        { label: 'B', nominal_mm: 12.5, tol_minus_mm: 0.1, tol_plus_mm: 0.05 },
      ],
    };
    expect(saved.body).toEqual(expected);
    expect((await t.http().get(`/api/profile/${profile.id}/dimensions`).set(as(OPERATOR))).body).toEqual(expected);

    const replaced = await putDimensions(profile.id, [{ label: 'C', nominal_mm: 3, tol_minus_mm: 0, tol_plus_mm: 0.1 }]);
    expect(replaced.body.dimensions.map((dimension: { label: string }) => dimension.label)).toEqual(['C']);
    expect((await putDimensions(profile.id, [])).body).toEqual({ dimensions: [] });
  });

  it('refuses a nominal of 0, a negative tolerance, a repeated label or a missing list, naming each field, and keeps the list', async () => {
    const profile = await createProfile();
    await putDimensions(profile.id, [{ label: 'A', nominal_mm: 40, tol_minus_mm: 0.2, tol_plus_mm: 0.2 }]);
    const refused = await putDimensions(profile.id, [
      { label: 'A', nominal_mm: 0, tol_minus_mm: -0.1, tol_plus_mm: 0.2 },
      { label: 'a', nominal_mm: 10, tol_minus_mm: 0.1, tol_plus_mm: 'x' },
      { label: '', nominal_mm: 5, tol_minus_mm: 0, tol_plus_mm: 0 },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      'dimensions.0.nominal_mm': profileMessages.nominal,
      'dimensions.0.tol_minus_mm': profileMessages.tolerance,
      'dimensions.1.tol_plus_mm': profileMessages.tolerance,
      'dimensions.2.label': profileMessages.label,
    });
    const repeated = await putDimensions(profile.id, [
      { label: 'A', nominal_mm: 40, tol_minus_mm: 0.2, tol_plus_mm: 0.2 },
      { label: ' a ', nominal_mm: 41, tol_minus_mm: 0.2, tol_plus_mm: 0.2 },
    ]);
    expect([repeated.status, repeated.body.fields]).toEqual([400, { 'dimensions.1.label': profileMessages.labelTaken }]);
    expect((await t.http().put(`/api/profile/${profile.id}/dimensions`).set(as(TECH)).send({})).body.fields).toEqual({ dimensions: messages.required });
    expect((await t.http().get(`/api/profile/${profile.id}/dimensions`).set(as(TECH))).body.dimensions).toHaveLength(1);
  });

  it('keeps another company’s profile out of reach and follows the grants of the die shop', async () => {
    const profile = await createProfile();
    const southGet = await t.http().get(`/api/profile/${profile.id}/dimensions`).set(as(SOUTH_ADMIN));
    expect([southGet.status, southGet.body.message]).toEqual([404, messages.notFound]);
    const southPut = await putDimensions(profile.id, [{ label: 'A', nominal_mm: 1, tol_minus_mm: 0, tol_plus_mm: 0 }], SOUTH_ADMIN);
    expect(southPut.status).toBe(404);
    expect((await t.http().get(`/api/profile/${profile.id}/dimensions`).set(as(TECH))).body).toEqual({ dimensions: [] });
    expect((await t.http().get(`/api/profile/${profile.id}/dimensions`).set(as(GUEST))).status).toBe(403);
    expect((await putDimensions(profile.id, [], GUEST)).status).toBe(403);
    expect((await putDimensions(profile.id, [{ label: 'A', nominal_mm: 1, tol_minus_mm: 0, tol_plus_mm: 0 }], LEAD)).status).toBe(200);
    expect((await t.http().get('/api/profile/99999999/dimensions').set(as(TECH))).status).toBe(404);
  });
});

describe('the profile drawing', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const upload = (profileId: number, bytes: Buffer, filename: string, contentType: string, who = TECH) =>
    t.http().put(`/api/profile/${profileId}/drawing`).set(as(who)).attach('file', bytes, { filename, contentType });

  it('keeps a PDF as the drawing, shows it on the die summary of its copies, replaces it and takes it off', async () => {
    const profile = await createProfile();
    expect((await t.http().get(`/api/profile/${profile.id}/drawing`).set(as(TECH))).body).toEqual({ drawing: null });

    const kept = await upload(profile.id, pdf, 'plano.pdf', 'application/pdf');
    expect(kept.status).toBe(200);
    expect(kept.body.drawing).toMatchObject({ url: expect.stringMatching(/^\/api\/file\/\d+$/), content_type: 'application/pdf', size_bytes: pdf.length });
    expect((await t.http().get(`/api/profile/${profile.id}/drawing`).set(as(OPERATOR))).body).toEqual(kept.body);
    // Whoever may read the profiles may read its drawing; another company may not.
    const file = await t.http().get(kept.body.drawing.url).set(as(OPERATOR));
    expect([file.status, file.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect((await t.http().get(kept.body.drawing.url).set(as(SOUTH_ADMIN))).status).toBe(404);

    const die = await t
      .http()
      .post('/api/die')
      .set(as(TECH))
      .send({ die_reference: `DR-${profile.id}`, copy_number: 1, die_type: 'hollow', profile_id: profile.id });
    expect(die.status).toBe(201);
    const summary = await t.http().get(`/api/die/${die.body.id}/summary`).set(as(TECH));
    expect(summary.body.documents).toEqual([
      expect.objectContaining({ kind: 'drawing', label: `Plano del perfil ${profile.code}`, file_id: Number(kept.body.drawing.url.split('/').pop()) }),
    ]);

    const replaced = await upload(profile.id, solidPng(4, 4, [20, 20, 20]), 'plano.png', 'image/png');
    expect([replaced.status, replaced.body.drawing.content_type]).toEqual([200, 'image/png']);
    expect(replaced.body.drawing.url).not.toBe(kept.body.drawing.url);

    // Taking it off is the leads' (delete on the dies page), not the technicians'.
    expect((await t.http().delete(`/api/profile/${profile.id}/drawing`).set(as(TECH))).status).toBe(403);
    expect((await t.http().delete(`/api/profile/${profile.id}/drawing`).set(as(LEAD))).status).toBe(204);
    expect((await t.http().get(`/api/profile/${profile.id}/drawing`).set(as(TECH))).body).toEqual({ drawing: null });
  });

  it('refuses a missing file, a text file and one over the company limit on the file field, and keeps the drawing', async () => {
    const profile = await createProfile();
    expect((await upload(profile.id, pdf, 'plano.pdf', 'application/pdf')).status).toBe(200);
    const before = (await t.http().get(`/api/profile/${profile.id}/drawing`).set(as(TECH))).body;

    const missing = await t.http().put(`/api/profile/${profile.id}/drawing`).set(as(TECH)).field('nota', 'sin archivo');
    expect([missing.status, missing.body.fields]).toEqual([400, { file: profileMessages.drawingMissing }]);
    const text = await upload(profile.id, Buffer.from('hola'), 'plano.txt', 'text/plain');
    expect([text.status, text.body.fields]).toEqual([400, { file: profileMessages.drawingFile }]);
    const big = await upload(profile.id, Buffer.concat([pdf, Buffer.alloc(2 * 1024 * 1024)]), 'grande.pdf', 'application/pdf');
    expect([big.status, big.body.fields]).toEqual([413, { file: 'El tamaño máximo permitido es de 2MB' }]);
    expect((await t.http().get(`/api/profile/${profile.id}/drawing`).set(as(TECH))).body).toEqual(before);
  });

  it('keeps another company’s profile out of reach, and the guests’ read-only grant from uploading', async () => {
    const profile = await createProfile();
    expect((await t.http().get(`/api/profile/${profile.id}/drawing`).set(as(SOUTH_ADMIN))).status).toBe(404);
    expect((await upload(profile.id, pdf, 'plano.pdf', 'application/pdf', SOUTH_ADMIN)).status).toBe(404);
    expect((await upload(profile.id, pdf, 'plano.pdf', 'application/pdf', GUEST)).status).toBe(403);
    expect((await t.http().get(`/api/profile/${profile.id}/drawing`).set(as(TECH))).body).toEqual({ drawing: null });
  });
});

describe('die-shop settings', () => {
  afterAll(() =>
    t.sql(
      `update dieshop_setting set nitriding_warn_percent = 85, enlistment_guard = 'warn', oven_required = false, oven_max_dwell_hours = 8, min_die_temperature_c = 400 where company_id = $1`,
      [north],
    ),
  );

  it('lets the administrator change every setting and a family, and shows them to the die shop', async () => {
    const changed = await t
      .http()
      .put('/api/dieshop-settings')
      .set(as(ADMIN))
      .send({
        nitriding_warn_percent: 90,
        enlistment_guard: 'block',
        oven_required: true,
        oven_max_dwell_hours: 6.5,
        min_die_temperature_c: 420,
        families: [{ die_type: 'hollow', nitriding_every_billets: 800, nitriding_every_kg: 40000, expected_life_kg: 600000 }],
      });
    expect(changed.status).toBe(200);
    const read = await t.http().get('/api/dieshop-settings').set(as(TECH));
    expect(read.body).toMatchObject({
      nitriding_warn_percent: 90,
      enlistment_guard: 'block',
      oven_required: true,
      oven_max_dwell_hours: 6.5,
      min_die_temperature_c: 420,
    });
    expect(read.body.families.find((family: { die_type: string }) => family.die_type === 'hollow')).toEqual({
      die_type: 'hollow',
      nitriding_every_billets: 800,
      nitriding_every_kg: 40000,
      expected_life_kg: 600000,
    });
    const southRead = await t.http().get('/api/dieshop-settings').set(as(SOUTH_ADMIN));
    expect(southRead.body).toMatchObject({ enlistment_guard: 'warn', oven_required: false });
  });

  it('refuses the staff and the die technicians, and bad values by field', async () => {
    for (const email of [LEAD, TECH, OPERATOR, GUEST]) {
      expect({ email, status: (await t.http().put('/api/dieshop-settings').set(as(email)).send({ oven_max_dwell_hours: 4 })).status }).toEqual({
        email,
        status: 403,
      });
    }
    const bad = await t
      .http()
      .put('/api/dieshop-settings')
      .set(as(ADMIN))
      .send({
        nitriding_warn_percent: 101,
        enlistment_guard: 'ignore',
        oven_max_dwell_hours: 0.2,
        min_die_temperature_c: 900,
        families: [{ die_type: 'hollow', nitriding_every_billets: 0, nitriding_every_kg: -5, expected_life_kg: null }],
      });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      nitriding_warn_percent: dieCopyMessages.percent,
      enlistment_guard: dieCopyMessages.guard,
      oven_max_dwell_hours: dieCopyMessages.dwell,
      min_die_temperature_c: dieCopyMessages.temperature,
      'families.0.nitriding_every_billets': dieCopyMessages.billets,
      'families.0.nitriding_every_kg': dieCopyMessages.kg,
    });
  });
});

describe('10-minute checks against the profile', () => {
  let orders = 0;
  /** A running order die of a new copy (of `profileId`, if given), started by the shift lead. */
  async function running(profileId: number | null): Promise<number> {
    orders += 1;
    // A press of its own: a line runs one order at a time.
    const line = await insertTestLine(t, { company: north, name: `Prensa de perfiles ${orders}` });
    const [die] = await t.sql<{ id: number }>(
      `insert into die (company_id, die_reference, copy_number, die_type, state, profile_id) values ($1, 'PF-TS-RUN', $2, 'hollow', 'in_stock', $3) returning id`,
      [north, orders, profileId],
    );
    const order = await insertTestOrder(t, { company: north, number: `OP-PF-TS-${orders}`, profile: 'PF', dieId: die.id, alloyId: ids.alloy });
    const started = await t.http().post('/api/extrusion/start').set(as(LEAD)).send({ order_id: order, die_id: die.id, line_id: line });
    expect(started.status).toBe(201);
    return started.body.id;
  }
  const save = (orderDieId: number, a: number, b: number) =>
    t
      .http()
      .post('/api/orders/saveDieCriticalDimension')
      .set(as(LEAD))
      .send([
        { order_dies_id: orderDieId, dimension_text: 'DimensionA', dimension_value: a },
        { order_dies_id: orderDieId, dimension_text: 'DimensionB', dimension_value: b },
      ]);

  it('answers, per saved value, the tolerance of its label and whether it is within it (both ends included)', async () => {
    const profile = await createProfile();
    await putDimensions(profile.id, [
      { label: 'A', nominal_mm: 40, tol_minus_mm: 0.2, tol_plus_mm: 0.2 },
      { label: 'B', nominal_mm: 12.5, tol_minus_mm: 0.1, tol_plus_mm: 0.05 },
    ]);
    const orderDieId = await running(profile.id);
    const out = await save(orderDieId, 40.35, 12.55);
    expect(out.status).toBe(201);
    const records = out.body as SavedDimensionRecord[];
    expect(records.map(({ date_saved: _date, ...rest }) => rest)).toEqual([
      {
        order_dies_id: orderDieId,
        dimension_text: 'DimensionA',
        dimension_value: 40.35,
        tolerance: { label: 'A', nominal_mm: 40, tol_minus_mm: 0.2, tol_plus_mm: 0.2 },
        within_tolerance: false,
      },
      {
        order_dies_id: orderDieId,
        dimension_text: 'DimensionB',
        dimension_value: 12.55,
        tolerance: { label: 'B', nominal_mm: 12.5, tol_minus_mm: 0.1, tol_plus_mm: 0.05 },
        within_tolerance: true,
      },
    ]);
    expect(records.every((record) => typeof record.date_saved === 'string')).toBe(true);
    const lowEdge = (await save(orderDieId, 39.8, 12.39)).body as SavedDimensionRecord[];
    expect(lowEdge.map((record) => record.within_tolerance)).toEqual([true, false]);
    // The values are stored whatever the comparison says.
    const [{ count }] = await t.sql<{ count: number }>(`select count(*)::int as count from dimension_record where order_die_id = $1`, [orderDieId]);
    expect(count).toBe(4);
  });

  it('has nothing to compare with when the die has no profile, or the profile no such label', async () => {
    const withoutProfile = await running(null);
    const none = (await save(withoutProfile, 40, 12)).body as SavedDimensionRecord[];
    expect(none.map((record) => [record.tolerance, record.within_tolerance])).toEqual([
      [null, null],
      [null, null],
    ]);
    const profile = await createProfile();
    await putDimensions(profile.id, [{ label: 'B', nominal_mm: 12, tol_minus_mm: 0, tol_plus_mm: 0 }]);
    const onlyB = (await save(await running(profile.id), 40, 12.01)).body as SavedDimensionRecord[];
    expect(onlyB.map((record) => record.within_tolerance)).toEqual([null, false]);
  });
});
