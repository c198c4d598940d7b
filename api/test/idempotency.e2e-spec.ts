import { randomUUID } from 'node:crypto';
import { Controller, InternalServerErrorException, Module } from '@nestjs/common';
import { z } from 'zod';
import { endpoint, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, idempotencyMessages, type EndpointArgs } from '@planta/contracts';
import { Endpoint, Input } from '../src/common/endpoint.decorator';
import { TenantDb } from '../src/tenancy/tenant-db.service';
import { solidPng } from './support/png';
import { bearer, startTestApp, type TestApp } from './support/test-app';

/** A route that counts its executions, can take its time and can fail once with a 500: what the key must make happen once. */
const probeEndpoint = endpoint({
  method: 'POST',
  path: 'idempotency-probe',
  access: 'signed-in',
  tag: 'probe',
  summary: 'probe',
  body: z.object({ note: z.string(), delayMs: z.number().int().min(0).max(5000).default(0) }),
  response: z.object({ run: z.number().int(), note: z.string() }),
});
const probe = { runs: 0, failNext: false };

@Controller()
class IdempotencyProbeController {
  @Endpoint(probeEndpoint)
  async run(@Input() { body }: EndpointArgs<typeof probeEndpoint>) {
    probe.runs += 1;
    const run = probe.runs;
    if (body.delayMs) await new Promise((resolve) => setTimeout(resolve, body.delayMs));
    if (probe.failNext) {
      probe.failNext = false;
      throw new InternalServerErrorException('probe failure');
    }
    return { run, note: body.note };
  }
}

@Module({ controllers: [IdempotencyProbeController] })
class IdempotencyProbeModule {}

let t: TestApp;
let north: number;
let south: number;
let machineNorth: number;
let machineSouth: number;
let runningNorth: number;
const tokens: Record<string, string> = {};
const EMAILS = ['operario@norte.example', 'jefe@norte.example', 'admin@norte.example', 'operario@sur.example'];

beforeAll(async () => {
  t = await startTestApp({}, [IdempotencyProbeModule]);
  const companies = await t.sql<{ id: number; name: string }>(`select id, name from company`);
  north = companies.find((company) => company.name === 'Extrusiones del Norte')!.id;
  south = companies.find((company) => company.name === 'Perfiles del Sur')!.id;
  for (const email of EMAILS) tokens[email] = (await t.login(email)).access_token;
  const machine = async (company: number, name: string) =>
    (
      await t.sql<{ id: number }>(`insert into machine (company_id, name, type, status, criticality) values ($1, $2, 'press', 'operating', 'B') returning id`, [
        company,
        name,
      ])
    )[0].id;
  machineNorth = await machine(north, 'Prensa idempotente N');
  machineSouth = await machine(south, 'Prensa idempotente S');
  [{ id: runningNorth }] = await t.sql<{ id: number }>(`select id from order_die where company_id = $1 and end_extrusion_time is null order by id limit 1`, [
    north,
  ]);
}, 120_000);
afterAll(() => t?.close());

const as = (email: string) => bearer(tokens[email]);
const operario = 'operario@norte.example';
const report = (description: string, machine = machineNorth) => ({ machine_id: machine, kind: 'failure', severity: 'low', description });
const post = (email: string, path: string, body: object, key?: string) => {
  const request = t.http().post(path).set(as(email));
  return (key ? request.set(IDEMPOTENCY_KEY_HEADER, key) : request).send(body);
};
const count = async (sql: string, params: unknown[]) => (await t.sql<{ count: number }>(sql, params))[0].count;
const reportsDescribed = (description: string) =>
  count(`select count(*)::int as count from failure_report where company_id in ($1, $2) and description = $3`, [north, south, description]);
const keyRows = (key: string) => count(`select count(*)::int as count from idempotency_key where key = $1`, [key]);

describe('Idempotency-Key', () => {
  it('a repeated failure report gets the first answer again (same body, marked replayed) and one report is created', async () => {
    const key = randomUUID();
    const description = `Fuga repetida ${key}`;
    const first = await post(operario, '/api/failure-damage-report', report(description), key);
    expect(first.status).toBe(201);
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    const again = await post(operario, '/api/failure-damage-report', report(description), key);
    expect(again.status).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.body).toEqual(first.body);
    // The same content with its keys in another order is the same request.
    const reordered = await post(operario, '/api/failure-damage-report', { description, severity: 'low', kind: 'failure', machine_id: machineNorth }, key);
    expect(reordered.status).toBe(201);
    expect(reordered.body).toEqual(first.body);
    expect(await reportsDescribed(description)).toBe(1);
    expect(await keyRows(key)).toBe(1);
    // Without a key, the same request is a new report each time (nothing changes for clients that send none).
    expect((await post(operario, '/api/failure-damage-report', report(description))).status).toBe(201);
    expect(await reportsDescribed(description)).toBe(2);
  });

  it('a failure report with photos sent again with its key is replayed; the same key with another photo is refused, and nothing more is stored', async () => {
    const key = randomUUID();
    const description = `Fuga con foto ${key}`;
    const upload = (photo: Buffer) =>
      t
        .http()
        .post('/api/failure-damage-report')
        .set(as(operario))
        .set(IDEMPOTENCY_KEY_HEADER, key)
        .field('machine_id', String(machineNorth))
        .field('kind', 'failure')
        .field('severity', 'low')
        .field('description', description)
        .attach('photos', photo, { filename: 'fuga.png', contentType: 'image/png' });
    const photo = solidPng(2, 2, [10, 20, 30]);
    const first = await upload(photo);
    expect(first.status).toBe(201);
    const storedFiles = () => count(`select count(*)::int as count from stored_file where company_id = $1`, [north]);
    const files = await storedFiles();
    const again = await upload(Buffer.from(photo));
    expect([again.status, again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]]).toEqual([201, 'true']);
    expect(again.body).toEqual(first.body);
    // Same fields, same name and type, other bytes: another request under the same key.
    const other = await upload(solidPng(2, 2, [30, 20, 10]));
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(idempotencyMessages.mismatch);
    expect([await reportsDescribed(description), await storedFiles()]).toEqual([1, files]);
    // A form sent with a key to a route that receives no files is judged as any other bad body.
    const form = await t.http().post('/api/orders').set(as('jefe@norte.example')).set(IDEMPOTENCY_KEY_HEADER, randomUUID()).field('number', 'OP-FORM');
    expect(form.status).toBe(400);
  });

  it('a critical-dimensions entry sent twice with one key stores its two values once', async () => {
    const key = randomUUID();
    const now = new Date().toISOString();
    const records = [
      { order_dies_id: runningNorth, dimension_text: 'DimensionA', dimension_value: 12.45, date_saved: now },
      { order_dies_id: runningNorth, dimension_text: 'DimensionB', dimension_value: 3.2, date_saved: now },
    ];
    const stored = () => count(`select count(*)::int as count from dimension_record where order_die_id = $1`, [runningNorth]);
    const before = await stored();
    const first = await post(operario, '/api/orders/saveDieCriticalDimension', records, key);
    expect(first.status).toBe(201);
    const again = await post(operario, '/api/orders/saveDieCriticalDimension', records, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await stored()).toBe(before + 2);
  });

  it('requests with one key arriving together execute once: the others wait for its answer and get it', async () => {
    const key = randomUUID();
    const description = `Fuga simultánea ${key}`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(operario, '/api/failure-damage-report', report(description), key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    for (const answer of answers) expect(answer.body).toEqual(answers[0].body);
    expect(answers.filter((answer) => answer.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()] === 'true')).toHaveLength(5);
    expect(await reportsDescribed(description)).toBe(1);

    // A slow route: the repetitions arrive while the first still runs, wait, and get its answer.
    const slowKey = randomUUID();
    const runsBefore = probe.runs;
    const slow = await Promise.all(Array.from({ length: 4 }, () => post(operario, '/api/idempotency-probe', { note: 'lento', delayMs: 600 }, slowKey)));
    expect(slow.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(slow.map((answer) => answer.body.run)).size).toBe(1);
    expect(probe.runs).toBe(runsBefore + 1);
  });

  it('the same key with another body, path or method is refused with 422 naming the header, and executes nothing', async () => {
    const key = randomUUID();
    const description = `Fuga original ${key}`;
    expect((await post(operario, '/api/failure-damage-report', report(description), key)).status).toBe(201);
    const otherBody = await post(operario, '/api/failure-damage-report', report(`${description} (cambiada)`), key);
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toMatchObject({ statusCode: 422, error: 'Unprocessable Entity', message: expect.stringContaining('Idempotency-Key') });
    const runsBefore = probe.runs;
    const otherPath = await post(operario, '/api/idempotency-probe', { note: 'otra ruta' }, key);
    expect(otherPath.status).toBe(422);
    expect(probe.runs).toBe(runsBefore);
    expect(await reportsDescribed(`${description} (cambiada)`)).toBe(0);
    expect(await reportsDescribed(description)).toBe(1);
  });

  it('a key that is not a UUID is refused with 400 naming the header; reads ignore the header', async () => {
    const refused = await post(operario, '/api/idempotency-probe', { note: 'x' }, 'not-a-uuid');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Idempotency-Key');
    const read = await t.http().get('/api/failure-damage-report/all').set(as(operario)).set(IDEMPOTENCY_KEY_HEADER, 'not-a-uuid');
    expect(read.status).toBe(200);
  });

  it('another company (and another user) cannot replay or see a key: the same key there is a request of its own', async () => {
    const key = randomUUID();
    const northAnswer = await post(operario, '/api/failure-damage-report', report(`Fuga del Norte ${key}`), key);
    expect(northAnswer.status).toBe(201);

    // The same key from Perfiles del Sur executes there and answers Sur's own report, never Norte's.
    const southAnswer = await post('operario@sur.example', '/api/failure-damage-report', report(`Fuga del Sur ${key}`, machineSouth), key);
    expect(southAnswer.status).toBe(201);
    expect(southAnswer.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(southAnswer.body.id).not.toBe(northAnswer.body.id);
    expect(southAnswer.body.description).toBe(`Fuga del Sur ${key}`);

    // A colleague in the same company with the same key: their own request, not the operator's answer.
    const colleague = await post('jefe@norte.example', '/api/failure-damage-report', report(`Fuga del jefe ${key}`), key);
    expect(colleague.status).toBe(201);
    expect(colleague.body.id).not.toBe(northAnswer.body.id);

    // The same person after switching company (admin@norte belongs to both): a key of Norte is not replayed in Sur.
    const adminKey = randomUUID();
    expect((await post('admin@norte.example', '/api/idempotency-probe', { note: 'norte' }, adminKey)).body.note).toBe('norte');
    const switched = await t.http().post('/api/company/switch').set(as('admin@norte.example')).send({ company_id: south });
    expect(switched.status).toBe(200);
    const inSouth = await t
      .http()
      .post('/api/idempotency-probe')
      .set(bearer(switched.body.access_token))
      .set(IDEMPOTENCY_KEY_HEADER, adminKey)
      .send({ note: 'sur' });
    expect(inSouth.status).toBe(201);
    expect(inSouth.body.note).toBe('sur');

    // Row-level security: in Sur's tenant scope, Norte's keys do not exist.
    const visible = await t.app
      .get(TenantDb)
      .transaction(
        async ({ manager }) => manager.query(`select company_id from idempotency_key where key = any($1) order by company_id`, [[key, adminKey]]),
        south,
      );
    expect(visible).toEqual([{ company_id: south }, { company_id: south }]);
    expect(await keyRows(key)).toBe(3);
  });

  it('an answer that is an error is kept (a 4xx) or releases the key (a 5xx: sending again executes)', async () => {
    const key = randomUUID();
    const invalid = await post(operario, '/api/failure-damage-report', { kind: 'failure', severity: 'low', description: '' }, key);
    expect(invalid.status).toBe(400);
    const again = await post(operario, '/api/failure-damage-report', { kind: 'failure', severity: 'low', description: '' }, key);
    expect(again.status).toBe(400);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.body).toEqual(invalid.body);

    const failingKey = randomUUID();
    probe.failNext = true;
    const failed = await post(operario, '/api/idempotency-probe', { note: 'falla' }, failingKey);
    expect(failed.status).toBe(500);
    expect(await keyRows(failingKey)).toBe(0);
    const retried = await post(operario, '/api/idempotency-probe', { note: 'falla' }, failingKey);
    expect(retried.status).toBe(201);
    expect(retried.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('keys expire: an expired key executes again, and writing a new key clears the expired ones of the company', async () => {
    const key = randomUUID();
    const first = await post(operario, '/api/idempotency-probe', { note: 'caduca' }, key);
    expect(first.status).toBe(201);
    await t.sql(`update idempotency_key set expires_at = now() - interval '1 minute' where key = $1`, [key]);
    const stale = randomUUID();
    await t.sql(
      `insert into idempotency_key (company_id, user_id, key, method, path, fingerprint, expires_at, response_status)
       select company_id, user_id, $2, method, path, fingerprint, now() - interval '1 hour', 201 from idempotency_key where key = $1`,
      [key, stale],
    );
    const after = await post(operario, '/api/idempotency-probe', { note: 'caduca' }, key);
    expect(after.status).toBe(201);
    expect(after.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(after.body.run).toBeGreaterThan(first.body.run);
    expect(await keyRows(stale)).toBe(0);
    const [row] = await t.sql<{ hours: number }>(
      `select round(extract(epoch from expires_at - claimed_at) / 3600)::int as hours from idempotency_key where key = $1`,
      [key],
    );
    expect(row.hours).toBe(24);
  });
});
