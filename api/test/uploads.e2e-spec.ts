import { uploadMessages, type DieCopy, type DieNitriding, type SourceDocument, type UploadDetail, type UploadRow } from '@planta/contracts';
import { csvFile, scannedPdf, textPdf } from '../src/uploads/reading/sample-files';
import { bearer, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let north: number;
const tokens: Record<string, string> = {};
const EMAILS = ['admin@norte.example', 'jefe@norte.example', 'matriceria@norte.example', 'invitado@norte.example', 'admin@sur.example'];
const TECH = 'matriceria@norte.example';
const as = (email: string) => bearer(tokens[email]);
const MB = 1024 * 1024;

/** A nitriding certificate for two dies, as a supplier prints it (the labels the agent knows). */
const certificate = (number: string, dies: [string, string], hardnessLabel = 'Dureza sup. (HV)', supplier = 'Nitruraciones del Norte S.L.') => [
  supplier,
  'CERTIFICADO DE NITRURADO',
  `Nº certificado: ${number}    Fecha: 12/03/2025`,
  'Fecha entrada: 10/03/2025    Fecha salida: 12/03/2025',
  'Proceso: Nitrurado gaseoso    Temperatura: 510 °C    Duración: 24 h',
  `Matriz\t${hardnessLabel}\tCapa (mm)\tNúcleo (HRC)`,
  `${dies[0]}\t1.050\t0,12\t46`,
  `${dies[1]}\t1.020\t0,10\t45`,
  'Observaciones: Sin incidencias.',
];

const upload = (bytes: Buffer, name: string, who = TECH, type = 'application/pdf') =>
  t.http().post('/api/upload').set(as(who)).attach('file', bytes, { filename: name, contentType: type });

/** The upload once the worker has read it (or failed to). */
async function settled(id: number, who = TECH): Promise<UploadDetail> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const detail = (await t.http().get(`/api/upload/${id}`).set(as(who))).body as UploadDetail;
    if (detail.status !== 'uploaded' && detail.status !== 'processing') return detail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Upload ${id} was not read in time`);
}

async function uploaded(bytes: Buffer, name: string): Promise<UploadDetail> {
  const response = await upload(bytes, name);
  expect(response.status).toBe(201);
  const created = response.body as UploadDetail;
  // Whatever stage it is at, its progress names it (the uploader's screen follows it by id).
  expect(created.progress?.upload_id ?? created.id).toBe(created.id);
  return settled(created.id);
}

/** A die copy of the test, in stock, with counters since its last nitriding. */
async function stockDie(reference: string, copy: number): Promise<DieCopy> {
  const response = await t.http().post('/api/die').set(as(TECH)).send({ die_reference: reference, copy_number: copy, die_type: 'hollow' });
  expect(response.status).toBe(201);
  await t.sql(`update die set state = 'in_stock', billets_since_nitriding = 640, kg_since_nitriding = 25600 where id = $1`, [response.body.id]);
  return response.body as DieCopy;
}

const field = (detail: UploadDetail, key: string) => detail.fields.find((entry) => entry.key === key);
const rowValue = (detail: UploadDetail, row: number, key: string) => detail.rows[row]?.find((entry) => entry.key === key)?.value ?? null;
/** The review's values as read (what the form starts with). */
const readValues = (detail: UploadDetail) => ({
  doc_type: detail.doc_type!,
  fields: Object.fromEntries(detail.fields.map((entry) => [entry.key, entry.value])),
  rows: detail.rows.map((row) => Object.fromEntries(row.map((entry) => [entry.key, entry.value]))),
});

beforeAll(async () => {
  t = await startTestApp();
  const companies = await t.sql<{ id: number; name: string }>(`select id, name from company`);
  north = companies.find((company) => company.name === 'Extrusiones del Norte')!.id;
  for (const email of EMAILS) tokens[email] = (await t.login(email)).access_token;
});
afterAll(() => t.close());

describe('a nitriding certificate', () => {
  let first: DieCopy;
  let second: DieCopy;
  let text: UploadDetail;

  beforeAll(async () => {
    first = await stockDie('UP-4521', 2);
    second = await stockDie('UP-1042', 1);
  });

  it('with a text layer gives the draft: type, values in Spanish formats read, boxes on the page, dies matched to the catalogue', async () => {
    text = await uploaded(await textPdf(certificate('CN-2025-0457', ['UP-4521-2', 'UP-1042-1'])), 'certificado.pdf');
    expect(text).toMatchObject({ status: 'review', doc_type: 'nitriding_certificate', proposed_type: 'nitriding_certificate', kind: 'pdf', page_count: 1 });
    expect(field(text, 'certificate_number')?.value).toBe('CN-2025-0457');
    expect(field(text, 'supplier')?.value).toBe('Nitruraciones del Norte S.L.');
    expect(field(text, 'date_out')?.value).toBe('2025-03-12');
    expect(field(text, 'process')?.value).toBe('gas');
    expect(field(text, 'temperature_c')?.value).toBe('510');
    expect([rowValue(text, 0, 'die_reference'), rowValue(text, 0, 'hardness_hv'), rowValue(text, 0, 'case_depth_mm')]).toEqual(['UP-4521-2', '1050', '0.12']);
    expect([rowValue(text, 1, 'die_reference'), rowValue(text, 1, 'hardness_hv'), rowValue(text, 1, 'case_depth_mm')]).toEqual(['UP-1042-1', '1020', '0.1']);
    const box = field(text, 'certificate_number')!;
    expect(box.page).toBe(1);
    expect(box.box!.x).toBeGreaterThan(0);
    expect(box.box!.x + box.box!.width).toBeLessThan(1);
    expect(box.confidence).toBeGreaterThanOrEqual(0.9);
    expect(text.candidates['0'][0]).toMatchObject({ die_id: first.id, label: 'UP-4521-2', score: 1 });
    expect(text.candidates['1'][0]).toMatchObject({ die_id: second.id, label: 'UP-1042-1' });
    expect(text.confidence).toBeGreaterThan(0.8);
    expect(text.pages).toEqual([expect.objectContaining({ number: 1, ocr: false, image: true })]);
    const page = await t.http().get(`/api/upload/${text.id}/page/1`).set(as(TECH));
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('image/png');
    const original = await t.http().get(`/api/upload/${text.id}/file`).set(as(TECH));
    expect(original.headers['content-type']).toBe('application/pdf');
    expect((original.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('scanned as an image inside a PDF goes through OCR and gives the same numbers and references', async () => {
    const scan = await uploaded(await scannedPdf(certificate('CN-2025-0458', ['UP-4521-2', 'UP-1042-1'])), 'escaneo.pdf');
    expect(scan).toMatchObject({ status: 'review', doc_type: 'nitriding_certificate' });
    expect(scan.pages[0].ocr).toBe(true);
    expect(field(scan, 'certificate_number')?.value).toBe('CN-2025-0458');
    expect(field(scan, 'date_out')?.value).toBe('2025-03-12');
    for (const key of ['die_reference', 'hardness_hv', 'case_depth_mm'])
      for (const row of [0, 1]) expect(rowValue(scan, row, key)).toBe(rowValue(text, row, key));
  });

  it('the same file twice is one upload', async () => {
    // The same lines make the same bytes (textPdf writes no dates).
    const again = await upload(await textPdf(certificate('CN-2025-0457', ['UP-4521-2', 'UP-1042-1'])), 'otra-vez.pdf');
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: text.id, duplicate_of: text.id });
  });

  it('confirmed with one value corrected: the die is nitrided with the corrected value, its counters reset, the file and the audit kept', async () => {
    const values = readValues(text);
    values.rows[0].hardness_hv = '1040';
    const missing = await t
      .http()
      .post(`/api/upload/${text.id}/confirm`)
      .set(as(TECH))
      .send({ ...values, fields: { ...values.fields, certificate_number: '' } });
    expect(missing.status).toBe(400);
    expect(missing.body.fields['fields.certificate_number']).toBe(uploadMessages.required);
    const confirmed = await t.http().post(`/api/upload/${text.id}/confirm`).set(as(TECH)).send(values);
    expect(confirmed.status).toBe(200);
    const detail = confirmed.body as UploadDetail;
    expect(detail.status).toBe('confirmed');
    expect(detail.links).toEqual(
      expect.arrayContaining([expect.objectContaining({ entity: 'die', entity_id: first.id }), expect.objectContaining({ entity: 'nitriding_batch' })]),
    );
    expect(detail.audit.filter((entry) => entry.corrected)).toEqual([
      expect.objectContaining({ field_key: 'hardness_hv', row_index: 0, extracted: '1050', confirmed: '1040', corrected: true }),
    ]);
    const history = (await t.http().get(`/api/die/${first.id}/nitridings`).set(as(TECH))).body as DieNitriding[];
    expect(history.at(-1)).toMatchObject({ hardness_hv: 1040, case_depth_mm: 0.12, result: 'accepted', certificate_number: 'CN-2025-0457' });
    const die = (await t.http().get(`/api/die/${first.id}`).set(as(TECH))).body as DieCopy;
    expect(die).toMatchObject({ state: 'in_stock', billets_since_nitriding: 0, kg_since_nitriding: 0 });
    const sources = (await t.http().get(`/api/upload/sources/die/${first.id}`).set(as(TECH))).body as SourceDocument[];
    expect(sources).toEqual([expect.objectContaining({ upload_id: text.id, number: 'CN-2025-0457', doc_type: 'nitriding_certificate' })]);
    const batchId = detail.links.find((link) => link.entity === 'nitriding_batch')!.entity_id;
    const [batch] = await t.sql<{ certificate_file_id: number | null; status: string }>(
      `select certificate_file_id, status from nitriding_batch where id = $1`,
      [batchId],
    );
    expect(batch.status).toBe('confirmed');
    expect(batch.certificate_file_id).not.toBeNull();
    const trail = await t.http().get('/api/audit/all?entity=document-upload').set(as('admin@norte.example'));
    expect(trail.body.items[0]).toMatchObject({
      entity: 'document-upload',
      entity_id: text.id,
      before: { 'hardness_hv (fila 1)': '1050' },
      after: { 'hardness_hv (fila 1)': '1040' },
    });
    const twice = await t.http().post(`/api/upload/${text.id}/confirm`).set(as(TECH)).send(values);
    expect(twice.status).toBe(409);
  });

  it("learns a supplier's own label: corrected once, read the next time", async () => {
    const odd = (number: string) => certificate(number, ['UP-4521-2', 'UP-1042-1'], 'Ensayo Vickers', 'Tratamientos Cantábrico S.A.');
    const before = await uploaded(await textPdf(odd('TC-7781')), 'tc-1.pdf');
    expect(rowValue(before, 0, 'hardness_hv')).toBeNull();
    const values = readValues(before);
    values.rows[0].hardness_hv = '1050';
    values.rows[1].hardness_hv = '1020';
    values.fields.supplier = 'Tratamientos Cantábrico S.A.';
    const confirmed = await t.http().post(`/api/upload/${before.id}/confirm`).set(as(TECH)).send(values);
    expect(confirmed.status).toBe(200);
    const after = await uploaded(await textPdf(odd('TC-7782')), 'tc-2.pdf');
    expect(rowValue(after, 0, 'hardness_hv')).toBe('1050');
    expect(rowValue(after, 1, 'hardness_hv')).toBe('1020');
  });
});

describe('a delivery note', () => {
  it('confirmed receives its new die copies from the supplier', async () => {
    const note = await uploaded(
      await textPdf([
        'Matricería Levante S.A.',
        'ALBARÁN DE ENTREGA',
        'Albarán Nº: ALB-8812    Fecha: 05/03/2025',
        'Cliente: Perfiles Planta S.A.    Pedido: PC-2025-031',
        'Matriz\tPerfil\tTipo\tØ x Espesor\tCav.\tPeso (kg)\tImporte (€)',
        'UP-4530-1\tP-7720\tSemihueca\t250 x 80\t2\t38,5\t2.450,00',
        'UP-4531-1\tP-7721\tSólida\t228 x 60\t1\t24,0\t1.380,00',
      ]),
      'albaran.pdf',
    );
    expect(note.doc_type).toBe('delivery_note');
    expect(field(note, 'note_number')?.value).toBe('ALB-8812');
    expect(note.rows.map((row) => row.find((entry) => entry.key === 'die_reference')?.value)).toEqual(['UP-4530-1', 'UP-4531-1']);
    const confirmed = await t.http().post(`/api/upload/${note.id}/confirm`).set(as(TECH)).send(readValues(note));
    expect(confirmed.status).toBe(200);
    const dies = await t.sql<{
      die_reference: string;
      state: string;
      die_type: string;
      supplier: string;
      cost: string;
      diameter_mm: string;
      received_at: Date;
    }>(
      `select die_reference, state, die_type, supplier, cost, diameter_mm, received_at from die where company_id = $1 and die_reference in ('UP-4530', 'UP-4531') order by die_reference`,
      [north],
    );
    expect(dies.map((die) => [die.die_reference, die.state, die.die_type, die.supplier, Number(die.cost), Number(die.diameter_mm)])).toEqual([
      ['UP-4530', 'new', 'semi_hollow', 'Matricería Levante S.A.', 2450, 250],
      ['UP-4531', 'new', 'solid', 'Matricería Levante S.A.', 1380, 228],
    ]);
    // The same copies on another note are refused by row, and nothing is created.
    const again = await uploaded(
      await textPdf([
        'ALBARÁN DE ENTREGA',
        'Albarán Nº: ALB-8813    Fecha: 06/03/2025',
        'Proveedor: Matricería Levante S.A.',
        'Matriz    Tipo    Cav.',
        'UP-4530-1    Sólida    1',
      ]),
      'albaran-2.pdf',
    );
    const refused = await t.http().post(`/api/upload/${again.id}/confirm`).set(as(TECH)).send(readValues(again));
    expect(refused.status).toBe(409);
    expect(refused.body.fields['rows.0.die_reference']).toBe(uploadMessages.dieExists('UP-4530-1'));
  });
});

describe('the other documents, confirmed', () => {
  it('a customer profile drawing creates the profile with its critical dimensions and the drawing', async () => {
    const drawing = await uploaded(
      await textPdf([
        'PLANO DE PERFIL',
        'Cliente: Aluminios Carpintería Norte S.L.',
        'Perfil: UP-7720    Revisión: C    Fecha: 14/01/2025',
        'Aleación: 6063    Temple: T6    Peso nominal: 1,245 kg/m',
        'COTAS CRÍTICAS',
        'Cota\tDescripción\tNominal (mm)\tTolerancia (mm)',
        'A\tAncho\t45,00\t±0,20',
        'B\tAlto\t30,00\t+0,15 / -0,05',
        'C\tEspesor de pared\t1,60\t± 0,10',
      ]),
      'perfil.pdf',
    );
    expect(drawing.doc_type).toBe('profile_drawing');
    const confirmed = await t.http().post(`/api/upload/${drawing.id}/confirm`).set(as(TECH)).send(readValues(drawing));
    expect(confirmed.status).toBe(200);
    const [profile] = await t.sql<{ id: number; customer: string; nominal_kg_m: string; designation: string; temper: string; drawing_file_id: number | null }>(
      `select p.id, p.customer, p.nominal_kg_m, a.designation, a.temper, p.drawing_file_id from profile p left join aluminum_alloy a on a.id = p.alloy_id
        where p.company_id = $1 and p.code = 'UP-7720'`,
      [north],
    );
    expect(profile).toMatchObject({ customer: 'Aluminios Carpintería Norte S.L.', designation: '6063', temper: 'T6' });
    expect(Number(profile.nominal_kg_m)).toBe(1.245);
    expect(profile.drawing_file_id).not.toBeNull();
    const dimensions = await t.sql<{ label: string; nominal_mm: string; tol_minus_mm: string; tol_plus_mm: string }>(
      `select label, nominal_mm, tol_minus_mm, tol_plus_mm from profile_dimension where profile_id = $1 order by label`,
      [profile.id],
    );
    expect(dimensions.map((row) => [row.label, Number(row.nominal_mm), Number(row.tol_minus_mm), Number(row.tol_plus_mm)])).toEqual([
      ['A', 45, 0.2, 0.2],
      ['B', 30, 0.05, 0.15],
      ['C', 1.6, 0.1, 0.1],
    ]);
    expect((confirmed.body as UploadDetail).links).toEqual([expect.objectContaining({ entity: 'profile', entity_id: profile.id, action: 'created' })]);
  });

  it("a die drawing's title block updates its die copy", async () => {
    const drawing = await uploaded(
      await textPdf([
        'PLANO DE MATRIZ',
        'Matriz: UP-4530-1    Perfil: UP-7720    Cliente: Perfiles Planta S.A.',
        'Diámetro: Ø 250 mm    Espesor: 80 mm    Cavidades: 2',
        'Prensa: P2    Acero: 1.2344',
        'Escala: 1:2    Revisión: B    Fecha: 28/02/2025',
      ]),
      'plano-matriz.pdf',
    );
    expect(drawing.doc_type).toBe('die_drawing');
    expect((await t.http().post(`/api/upload/${drawing.id}/confirm`).set(as(TECH)).send(readValues(drawing))).status).toBe(200);
    const [die] = await t.sql<{ steel: string; cavities: number; code: string }>(
      `select d.steel, d.cavities, p.code from die d join profile p on p.id = d.profile_id where d.company_id = $1 and d.die_reference = 'UP-4530' and d.copy_number = 1`,
      [north],
    );
    expect(die).toEqual({ steel: '1.2344', cavities: 2, code: 'UP-7720' });
  });

  it('a production order becomes an order to plan with the die and the alloy of the catalogue', async () => {
    const order = await uploaded(
      await textPdf([
        'ORDEN DE PRODUCCIÓN',
        'Orden Nº: OP-UP-0118    Fecha: 10/03/2025',
        'Cliente: Aluminios Carpintería Norte S.L.',
        'Perfil: UP-7720    Matriz: UP-4521-2    Aleación: 6063 T6',
        'Longitud: 6.500 mm    Piezas: 1.200    Kilos: 9.711,0 kg',
        'Fecha de entrega: 21/03/2027',
      ]),
      'orden.pdf',
    );
    expect(order.doc_type).toBe('production_order');
    expect((await t.http().post(`/api/upload/${order.id}/confirm`).set(as(TECH)).send(readValues(order))).status).toBe(200);
    const [created] = await t.sql<{
      customer: string;
      die: string;
      quantity_pieces: number;
      quantity_kg: string;
      length_mm: string;
      due: string;
      status: string;
    }>(
      `select o.customer, d.die_reference || '-' || d.copy_number as die, o.quantity_pieces, o.quantity_kg, o.length_mm, to_char(o.due_date, 'YYYY-MM-DD') as due, o.status
         from production_order o join die d on d.id = o.die_id where o.company_id = $1 and o.number = 'OP-UP-0118'`,
      [north],
    );
    expect({ ...created, quantity_kg: Number(created.quantity_kg), length_mm: Number(created.length_mm) }).toEqual({
      customer: 'Aluminios Carpintería Norte S.L.',
      die: 'UP-4521-2',
      quantity_pieces: 1200,
      quantity_kg: 9711,
      length_mm: 6500,
      due: '2027-03-21',
      status: 'to_plan',
    });
  });

  it('an inventory spreadsheet imports the new copies with their totals and moves the known ones', async () => {
    const sheet = csvFile([
      ['Matriz', 'Perfil', 'Tipo', 'Ubicación', 'Tochos', 'Kg totales'],
      ['UP-4521-2', '', 'Hueca', 'Estantería A-3', '1250', '48300,5'],
      ['UP-9000-1', 'UP-7720', 'Hueca', 'Estantería B-1', '830', '21950'],
    ]);
    const inventory = await uploaded(sheet, 'inventario.csv');
    expect(inventory).toMatchObject({ kind: 'csv', doc_type: 'die_inventory' });
    expect((await t.http().post(`/api/upload/${inventory.id}/confirm`).set(as(TECH)).send(readValues(inventory))).status).toBe(200);
    const dies = await t.sql<{ label: string; state: string; die_type: string; location: string; billets_total: number; kg_total: string }>(
      `select die_reference || '-' || copy_number as label, state, die_type, location, billets_total, kg_total from die
        where company_id = $1 and (die_reference, copy_number) in (('UP-4521', 2), ('UP-9000', 1)) order by die_reference`,
      [north],
    );
    expect(dies.map((die) => [die.label, die.state, die.die_type, die.location, die.billets_total, Number(die.kg_total)])).toEqual([
      ['UP-4521-2', 'in_stock', 'hollow', 'Estantería A-3', 0, 0],
      ['UP-9000-1', 'in_stock', 'hollow', 'Estantería B-1', 830, 21950],
    ]);
  });
});

describe('what is refused', () => {
  it('over the limit: 2 MB + 1 byte refused with the message; a company limit of 5 MB honoured', async () => {
    const over = await upload(Buffer.alloc(2 * MB + 1, 0x41), 'grande.pdf');
    expect(over.status).toBe(413);
    expect(over.body.message).toBe('El tamaño máximo permitido es de 2MB');
    await t.sql(`update company set upload_limit_mb = 5 where id = $1`, [north]);
    try {
      const rows = Array.from({ length: 90_000 }, (_, index) => [`UP-${index}`, String(index), 'Estantería A']);
      const csv = csvFile(rows);
      expect(csv.length).toBeGreaterThan(2 * MB);
      expect((await upload(csv, 'inventario.csv', TECH, 'text/csv')).status).toBe(201);
      const tooBig = await upload(Buffer.alloc(5 * MB + 1, 0x41), 'grande.pdf');
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.message).toBe('El tamaño máximo permitido es de 5MB');
    } finally {
      await t.sql(`update company set upload_limit_mb = 2 where id = $1`, [north]);
    }
  });

  it('a renamed executable, whatever its name and declared type', async () => {
    const executable = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]);
    const response = await upload(executable, 'certificado.pdf');
    expect(response.status).toBe(415);
    expect(response.body.message).toBe(uploadMessages.fileType);
  });

  it('a corrupt PDF ends in error with its reason, and the server goes on', async () => {
    const corrupt = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF garbage', 'latin1');
    const failed = await uploaded(corrupt, 'roto.pdf');
    expect(failed.status).toBe('error');
    expect(failed.error).toMatch(/dañado|no se puede leer/);
    expect((await t.http().get('/api/health')).status).toBe(200);
  });

  it("another company's uploads are not found, and guests cannot upload", async () => {
    const list = (await t.http().get('/api/upload/all').set(as(TECH))).body.items as UploadRow[];
    expect(list.length).toBeGreaterThan(0);
    const foreign = await t.http().get(`/api/upload/${list[0].id}`).set(as('admin@sur.example'));
    expect(foreign.status).toBe(404);
    const south = (await t.http().get('/api/upload/all').set(as('admin@sur.example'))).body.items as UploadRow[];
    expect(south.map((row) => row.id)).not.toContain(list[0].id);
    expect((await t.http().get(`/api/upload/${list[0].id}/file`).set(as('admin@sur.example'))).status).toBe(404);
    const guest = await upload(await textPdf(['hola']), 'x.pdf', 'invitado@norte.example');
    expect(guest.status).toBe(403);
  });

  it('confirming needs insert on the page of what it creates', async () => {
    const note = await uploaded(await textPdf(certificate('CN-2025-0999', ['UP-4521-2', 'UP-1042-1'])), 'sin-permiso.pdf');
    await t.sql(
      `update page_role set "insert" = false from page, role where page.id = page_role.page_id and role.id = page_role.role_id
          and page.alias = 'die-nitriding' and role.name = 'user'`,
    );
    try {
      const refused = await t.http().post(`/api/upload/${note.id}/confirm`).set(as(TECH)).send(readValues(note));
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(uploadMessages.cannotConfirm('Nitrurado de matrices'));
    } finally {
      await t.sql(
        `update page_role set "insert" = true from page, role where page.id = page_role.page_id and role.id = page_role.role_id
            and page.alias = 'die-nitriding' and role.name = 'user'`,
      );
    }
    const discard = await t.http().post(`/api/upload/${note.id}/discard`).set(as(TECH)).send({ reason: '' });
    expect(discard.status).toBe(400);
    const discarded = await t.http().post(`/api/upload/${note.id}/discard`).set(as(TECH)).send({ reason: 'Certificado de prueba' });
    expect(discarded.body).toMatchObject({ status: 'discarded', discard_reason: 'Certificado de prueba' });
  });

  it('reprocessed as another type, the text read is extracted again as that type', async () => {
    const document = await uploaded(await textPdf(certificate('CN-2025-1000', ['UP-4521-2', 'UP-1042-1'])), 'otro-tipo.pdf');
    const again = await t.http().post(`/api/upload/${document.id}/reprocess`).set(as(TECH)).send({ doc_type: 'die_inventory' });
    expect(again.status).toBe(200);
    const reread = await settled(document.id);
    expect(reread).toMatchObject({ status: 'review', doc_type: 'die_inventory', proposed_type: 'nitriding_certificate' });
  });
});
