import { aluminumAlloyResource, extrusionLineResource, lineMessages, machineResource, messages, productionMessages } from '@planta/contracts';
import { bearer, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let north: number;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  const companies = await t.sql<{ id: number; name: string }>(`select id, name from company`);
  north = companies.find((company) => company.name === 'Extrusiones del Norte')!.id;
  for (const email of [
    'admin@norte.example',
    'jefe@norte.example',
    'operario@norte.example',
    'invitado@norte.example',
    'admin@sur.example',
    'operario@sur.example',
  ]) {
    tokens[email] = (await t.login(email)).access_token;
  }
});
afterAll(() => t.close());

const as = (email: string) => bearer(tokens[email]);
const line = extrusionLineResource.example;

describe('production catalogue lists', () => {
  it('pages, sorts and searches every list on the server', async () => {
    const lines = await t.http().get('/api/extrusion-line/all?sort=press_tonnage_t&direction=desc&pageSize=2').set(as('jefe@norte.example'));
    expect(lines.status).toBe(200);
    expect(lines.body.total).toBe(3);
    expect(lines.body.items.map((item: { press_tonnage_t: number }) => item.press_tonnage_t)).toEqual([2750, 1800]);
    expect(lines.body.items[0].billet_cross_section_area_mm2).toBeCloseTo(40828.14, 1);
    expect(lines.body.items[0].billet_cross_section_area_overridden).toBe(false);
    const saws = await t.http().get('/api/machine/all?search=sierra').set(as('operario@norte.example'));
    expect(saws.body.total).toBe(3);
    const alloys = await t.http().get('/api/aluminum-alloy/all?search=6063').set(as('operario@norte.example'));
    expect(alloys.body.items.map((alloy: { temper: string }) => alloy.temper).sort()).toEqual(['T5', 'T6']);
    const none = await t.http().get('/api/finish/all?search=nada-parecido').set(as('operario@norte.example'));
    expect(none.body).toEqual({ items: [], total: 0, page: 1, pageSize: 25 });
    const shifts = await t.http().get('/api/shifts/all?sort=start_time').set(as('operario@norte.example'));
    expect(shifts.body.items.map((shift: { name: string }) => shift.name)).toEqual(['Mañana', 'Tarde', 'Noche']);
  });

  it('searches as the user reads: accents and case aside, and by the shown label of a status, a line or a day', async () => {
    const names = async (path: string) => {
      const response = await t.http().get(path).set(as('jefe@norte.example'));
      expect(response.status).toBe(200);
      return (response.body.items as { name: string }[]).map((item) => item.name).sort();
    };
    expect(await names('/api/shifts/all?search=MANANA')).toEqual(['Mañana']);
    // 'En mantenimiento' is the label the screen shows for the stored code `maintenance`.
    expect(await names('/api/machine/all?search=en%20mantenimiento&labelMatches=status:maintenance')).toEqual(['Horno de matrices 2']);
    expect(await names('/api/machine/all?search=en%20mantenimiento')).toEqual([]);
    const [press] = await t.sql<{ id: number }>(`select id from extrusion_line where company_id = $1 order by id limit 1`, [north]);
    const onLine = await t.http().get(`/api/machine/all?search=zzz&labelMatches=line_id:${press.id}&pageSize=100`).set(as('jefe@norte.example'));
    expect(onLine.body.total).toBeGreaterThan(0);
    expect(onLine.body.items.every((machine: { line_id: number }) => machine.line_id === press.id)).toBe(true);
    // A set of days: 'domingo' is day 7, which only the night shift works.
    expect(await names('/api/shifts/all?search=domingo&labelMatches=days:7')).toEqual(['Noche']);
  });

  it('sorts a status column by its labels, and refuses label hints that do not name the list columns', async () => {
    const byLabel = await t.http().get('/api/machine/all?sort=status&sortOrder=maintenance,operating,stopped&pageSize=100').set(as('jefe@norte.example'));
    expect(byLabel.status).toBe(200);
    const statuses = (byLabel.body.items as { status: string }[]).map((item) => item.status);
    expect(statuses[0]).toBe('maintenance');
    expect(statuses.indexOf('maintenance')).toBeLessThan(statuses.indexOf('operating'));
    for (const query of ['search=x&labelMatches=password:1', 'sort=status&sortOrder=a%20b', 'sort=name&sortOrder=a,b', 'labelMatches=status']) {
      const refused = await t.http().get(`/api/machine/all?${query}`).set(as('jefe@norte.example'));
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.fields ?? {})).toEqual([expect.stringMatching(/^(labelMatches|sortOrder)$/)]);
    }
  });
});

describe('form validation, in Spanish, per field', () => {
  it('refuses an extrusion line that breaks the process rules', async () => {
    const post = (body: object) => t.http().post('/api/extrusion-line').set(as('jefe@norte.example')).send(body);
    const empty = await post({});
    expect(empty.status).toBe(400);
    expect(empty.body.fields.name).toBe('Este campo es obligatorio');
    expect(empty.body.fields.press_tonnage_t).toBe('Debe ser un número mayor que cero');
    expect(empty.body.fields.container_temperature_control).toBe('Elige el tipo de control de temperatura');
    expect((await post({ ...line, billet_diameter_mm: 178 })).body.fields).toEqual({ billet_diameter_mm: lineMessages.billetNotSmallerThanContainer });
    expect((await post({ ...line, usable_table_length_m: 46 })).body.fields).toEqual({ usable_table_length_m: lineMessages.usableTableTooLong });
    expect((await post({ ...line, discard_length_mm: 400, max_billet_length_mm: 400 })).body.fields).toEqual({
      discard_length_mm: lineMessages.discardNotShorterThanBillet,
    });
    expect((await post({ ...line, tooling_length_mm: -3 })).body.fields).toEqual({ tooling_length_mm: 'Debe ser un número mayor que cero' });
  });

  it('checks a partial update against the whole line, and derives or keeps the cross-section', async () => {
    const created = await t
      .http()
      .post('/api/extrusion-line')
      .set(as('jefe@norte.example'))
      .send({ ...line, name: 'Prensa parcial' });
    expect(created.status).toBe(201);
    expect(created.body.billet_cross_section_area_mm2).toBeCloseTo(23235.22, 1);
    const id = created.body.id;
    const tooBig = await t.http().patch(`/api/extrusion-line/${id}`).set(as('operario@norte.example')).send({ billet_diameter_mm: 190 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.fields).toEqual({ billet_diameter_mm: lineMessages.billetNotSmallerThanContainer });
    const overridden = await t.http().patch(`/api/extrusion-line/${id}`).set(as('operario@norte.example')).send({ billet_cross_section_area_mm2: 23000 });
    expect(overridden.body).toMatchObject({ billet_cross_section_area_mm2: 23000, billet_cross_section_area_overridden: true });
    const duplicate = await t
      .http()
      .post('/api/extrusion-line')
      .set(as('jefe@norte.example'))
      .send({ ...line, name: 'Prensa parcial' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe(productionMessages.lineNameTaken);
  });

  it('validates machines, shifts, finishes and alloys', async () => {
    const post = (path: string, body: object) => t.http().post(`/api/${path}`).set(as('jefe@norte.example')).send(body);
    expect((await post('machine', { name: '', type: 'robot' })).body.fields).toEqual({ name: 'Este campo es obligatorio', type: 'Elige el tipo de máquina' });
    expect((await post('shifts', { name: 'X', start_time: '25:00', end_time: '6', days: [], supervisor: 'Y' })).body.fields).toEqual({
      start_time: productionMessages.timeFormat,
      end_time: productionMessages.timeFormat,
      days: productionMessages.chooseDays,
    });
    expect((await post('shifts', { name: 'X', start_time: '06:00', end_time: '06:00', days: [1], supervisor: 'Y' })).body.fields).toEqual({
      end_time: productionMessages.sameStartAndEnd,
    });
    expect((await post('finish', { name: 'Anodizado', type: 'anodised' })).body.fields).toEqual({
      colour: productionMessages.anodisedColour,
      micron_class: productionMessages.anodisedClass,
    });
    expect((await post('finish', { name: 'Lacado', type: 'powder-coated', ral_colour: 'rojo' })).body.fields).toEqual({
      ral_colour: productionMessages.ralColour,
    });
    const alloy = aluminumAlloyResource.example;
    expect((await post('aluminum-alloy', { ...alloy, designation: 'seis mil', temper: 'T99999' })).body.fields).toEqual({
      designation: productionMessages.alloyDesignation,
      temper: productionMessages.alloyTemper,
    });
    expect((await post('aluminum-alloy', { ...alloy, density_g_cm3: 7.8 })).body.fields).toEqual({ density_g_cm3: productionMessages.alloyDensity });
    expect((await post('aluminum-alloy', { ...alloy, billet_temp_min_c: 520 })).body.fields).toEqual({ billet_temp_min_c: productionMessages.minNotBelowMax });
  });

  it('refuses overlapping shifts on one line, including across midnight', async () => {
    const [{ id: lineId }] = await t.sql<{ id: number }>(`select id from extrusion_line where company_id = $1 order by name limit 1`, [north]);
    const post = (body: object) =>
      t
        .http()
        .post('/api/shifts')
        .set(as('jefe@norte.example'))
        .send({ supervisor: 'Ana', line_id: lineId, ...body });
    expect((await post({ name: 'Noche L1', start_time: '22:00', end_time: '06:00', days: [5] })).status).toBe(201);
    const clash = await post({ name: 'Madrugada sábado', start_time: '05:00', end_time: '07:00', days: [6] });
    expect(clash.status).toBe(409);
    expect(clash.body.fields.start_time).toContain(productionMessages.shiftOverlap);
    expect((await post({ name: 'Mañana sábado', start_time: '06:00', end_time: '14:00', days: [6] })).status).toBe(201);
  });
});

describe('tenancy: Perfiles del Sur reaches nothing of Extrusiones del Norte', () => {
  it('cannot read the figures of Norte lines', async () => {
    expect((await t.http().get(`/api/extrusion-line/figures?companyId=${north}`).set(as('admin@sur.example'))).status).toBe(403);
  });

  it('cannot point its machines or shifts at a Norte line', async () => {
    const [{ id: northLine }] = await t.sql<{ id: number }>(`select id from extrusion_line where company_id = $1 limit 1`, [north]);
    const machine = await t
      .http()
      .post('/api/machine')
      .set(as('admin@sur.example'))
      .send({ ...machineResource.example, line_id: northLine });
    expect(machine.status).toBe(400);
    expect(machine.body.fields).toEqual({ line_id: messages.referenceMissing });
  });
});

describe('deleting something in use', () => {
  it('is refused with a clear message', async () => {
    const [lineRow] = await t.sql<{ id: number }>(`select id from extrusion_line where company_id = $1 limit 1`, [north]);
    const [finishRow] = await t.sql<{ id: number }>(`select finish_id as id from production_order where company_id = $1 and finish_id is not null limit 1`, [
      north,
    ]);
    const [alloyRow] = await t.sql<{ id: number }>(`select alloy_id as id from production_order where company_id = $1 limit 1`, [north]);
    // Each message names every table whose rows still use the record, with how many of them.
    const count = async (sql: string, id: number) => (await t.sql<{ count: number }>(sql, [id]))[0].count;
    const line = {
      machines: await count(`select count(*)::int as count from machine where line_id = $1`, lineRow.id),
      shifts: await count(`select count(*)::int as count from shift where line_id = $1`, lineRow.id),
      orders: await count(`select count(*)::int as count from production_order where line_id = $1`, lineRow.id),
      runs: await count(`select count(*)::int as count from order_die where line_id = $1`, lineRow.id),
      reports: await count(`select count(*)::int as count from failure_report where line_id = $1`, lineRow.id),
    };
    const finishOrders = await count(`select count(*)::int as count from production_order where finish_id = $1`, finishRow.id);
    const alloyOrders = await count(`select count(*)::int as count from production_order where alloy_id = $1`, alloyRow.id);
    for (const [path, id, message] of [
      [
        'extrusion-line',
        lineRow.id,
        messages.inUse(
          `Reportes de fallas y daños (${line.reports}), Máquinas (${line.machines}), Extrusiones (${line.runs}), Órdenes de producción (${line.orders}) y Turnos de producción (${line.shifts})`,
        ),
      ],
      ['finish', finishRow.id, messages.inUse(`Órdenes de producción (${finishOrders})`)],
      ['aluminum-alloy', alloyRow.id, messages.inUse(`Órdenes de producción (${alloyOrders})`)],
    ] as const) {
      const response = await t.http().delete(`/api/${path}/${id}`).set(as('admin@norte.example'));
      expect({ path, status: response.status, body: response.body }).toEqual({ path, status: 409, body: { statusCode: 409, message, error: 'Conflict' } });
    }
    expect(Object.values(line).every((value) => value > 0)).toBe(true);
  });
});
