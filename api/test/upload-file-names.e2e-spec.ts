import type { UploadDetail } from '@planta/contracts';
import { csvFile, textPdf } from '../src/uploads/reading/sample-files';
import { solidPng } from './support/png';
import { bearer, startTestApp, type TestApp } from './support/test-app';

/**
 * Issue 36, finding 9: upload file names kept a NUL-split extension (`x.png\0.html` was served as
 * `x.png.html`), right-to-left overrides and 1,000-character names. Every upload route now keeps
 * a safe name with the extension of the type its bytes are, and serves it so.
 */
let t: TestApp;
let token: string;
let machineId: number;

beforeAll(async () => {
  t = await startTestApp();
  token = (await t.login('operario@norte.example')).access_token;
  const [north] = await t.sql<{ id: number }>(`select id from company where name = 'Extrusiones del Norte'`);
  [{ id: machineId }] = await t.sql<{ id: number }>(
    `insert into machine (company_id, name, type, status, criticality) values ($1, 'Prensa de nombres', 'press', 'operating', 'C') returning id`,
    [north.id],
  );
}, 120_000);
afterAll(() => t.close());

/** Uploads a document under `name`; its name as listed and as served (Content-Disposition) with the bytes. */
async function document(bytes: Buffer, name: string, type: string): Promise<{ listed: string; disposition: string; contentType: string }> {
  const created = await t.http().post('/api/upload').set(bearer(token)).attach('file', bytes, { filename: name, contentType: type });
  expect(created.status).toBe(201);
  const detail = created.body as UploadDetail;
  const served = await t.http().get(`/api/upload/${detail.id}/file`).set(bearer(token));
  expect(served.status).toBe(200);
  return { listed: detail.file_name, disposition: served.headers['content-disposition'], contentType: served.headers['content-type'] };
}

const pdf = (label: string) => textPdf([`Documento ${label}`]);

describe("a document's name", () => {
  it('split by a NUL keeps what comes before it: x.pdf\\0.html is stored and served as x.pdf', async () => {
    const { listed, disposition } = await document(await pdf('nul'), 'x.pdf\u0000.html', 'application/pdf');
    expect(listed).toBe('x.pdf');
    expect(disposition).toBe(`inline; filename="x.pdf"; filename*=UTF-8''x.pdf`);
  });

  it('loses right-to-left overrides, isolates and control characters', async () => {
    const bidi = await document(await pdf('bidi'), 'factura\u202Efdp.exe', 'application/pdf');
    expect(bidi.listed).toBe('facturafdp.pdf');
    expect(bidi.disposition).toBe(`inline; filename="facturafdp.pdf"; filename*=UTF-8''facturafdp.pdf`);
    const control = await document(await pdf('control'), 'cer\u0001ti\u001bfi\u007fcado\u2066.pdf', 'application/pdf');
    expect(control.listed).toBe('certificado.pdf');
    expect(control.disposition).not.toMatch(/[\u0000-\u001f\u007f]/);
  });

  it('of 1,000 characters is cut to 120, its extension kept', async () => {
    const { listed, disposition } = await document(await pdf('largo'), `${'a'.repeat(1_000)}.pdf`, 'application/pdf');
    expect(listed).toBe(`${'a'.repeat(116)}.pdf`);
    expect(disposition).toBe(`inline; filename="${listed}"; filename*=UTF-8''${listed}`);
  });

  it('takes the extension of what its bytes are, not of what it claims', async () => {
    const sheet = csvFile([
      ['Matriz', 'Ubicación'],
      ['UP-1', 'Estantería A'],
    ]);
    const { listed, disposition, contentType } = await document(sheet, 'inventario.pdf', 'application/pdf');
    expect(listed).toBe('inventario.csv');
    expect(contentType).toMatch(/^text\/csv/);
    expect(disposition).toBe(`inline; filename="inventario.csv"; filename*=UTF-8''inventario.csv`);
  });

  it('with accents is served exactly (RFC 5987) beside an ASCII stand-in', async () => {
    const { listed, disposition } = await document(await pdf('acentos'), 'nitruración nº 7.pdf', 'application/pdf');
    expect(listed).toBe('nitruración nº 7.pdf');
    expect(disposition).toBe(`inline; filename="nitruraci_n n_ 7.pdf"; filename*=UTF-8''nitruraci%C3%B3n%20n%C2%BA%207.pdf`);
  });
});

describe("a failure report's photos", () => {
  it('are named the same way', async () => {
    const photos = [
      { name: 'fuga.png\u0000.html', color: [200, 30, 30] },
      { name: 'cilindro\u202Egnp.js', color: [30, 200, 30] },
      { name: `${'b'.repeat(1_000)}.jpg`, color: [30, 30, 200] },
    ] as const;
    let request = t.http().post('/api/failure-damage-report').set(bearer(token));
    for (const [field, value] of Object.entries({ machine_id: String(machineId), kind: 'failure', severity: 'low', description: 'Nombres de fotos' }))
      request = request.field(field, value);
    for (const photo of photos) request = request.attach('photos', solidPng(4, 3, [...photo.color]), { filename: photo.name, contentType: 'image/png' });
    const response = await request;
    expect(response.status).toBe(201);
    expect((response.body as { photos: { file_name: string }[] }).photos.map((photo) => photo.file_name)).toEqual([
      'fuga.png',
      'cilindrognp.png',
      `${'b'.repeat(116)}.png`,
    ]);
  });
});
