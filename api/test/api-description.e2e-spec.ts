import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { HTTP_REASONS, messages } from '@planta/contracts';
import type { OpenApiDocument } from './support/openapi-conformance';
import { bearer, startTestApp, type TestApp } from './support/test-app';

/**
 * The API description tells the truth (issue 36, finding 10): the document passes an OpenAPI
 * validator, declares the error shape, files and uploads as what they are, and the API refuses
 * what the document does not allow (query parameters it does not declare, a method a path does not
 * answer) in the one error shape, in Spanish. The fuzz test checks every answer against it.
 */

let t: TestApp;
let token: string;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await startTestApp();
  token = (await t.login('admin@norte.example')).access_token;
  document = (await t.http().get('/api/docs-json').set(bearer(token))).body as OpenApiDocument;
});
afterAll(() => t.close());

const operation = (path: string, method: string) => document.paths[path][method];

describe('the OpenAPI document', () => {
  it('passes the OpenAPI schema validator (@seriousme/openapi-schema-validator)', async () => {
    const file = join(tmpdir(), `planta-openapi-${process.pid}.json`);
    writeFileSync(file, JSON.stringify(document));
    const validator = require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js');
    const { stdout } = await promisify(execFile)(process.execPath, [validator, file]).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    expect(JSON.parse(stdout)).toEqual({ valid: true });
  });

  it('declares the shared error shape for every status a route answers besides its success', () => {
    const error = { $ref: '#/components/schemas/ApiError' };
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, declared] of Object.entries(methods)) {
        const failures = Object.entries(declared.responses).filter(([status]) => Number(status) >= 400);
        // Every route refuses input off its schemas and answers 503 while the database is out of reach.
        expect({ path, method, statuses: failures.map(([status]) => status) }).toEqual({
          path,
          method,
          statuses: expect.arrayContaining(['400', '503']),
        });
        for (const [status, response] of failures)
          expect({ path, method, status, response }).toEqual({
            path,
            method,
            status,
            response: expect.objectContaining({ description: HTTP_REASONS[Number(status)], content: { 'application/json': { schema: error } } }),
          });
      }
    expect(document.components?.schemas?.ApiError).toMatchObject({ required: ['statusCode', 'message', 'error'] });
  });

  it('declares who may be refused: the signed-in routes 401 and 403, a path id 404, a rate limit 429, uploads 413 and 415', () => {
    const statuses = (path: string, method: string) => Object.keys(operation(path, method).responses);
    expect(statuses('/api/health', 'get')).not.toContain('401');
    expect(statuses('/api/machine/all', 'get')).toEqual(expect.arrayContaining(['200', '401', '403']));
    expect(statuses('/api/machine/{id}', 'delete')).toEqual(expect.arrayContaining(['204', '404', '409']));
    expect(statuses('/api/auth/login', 'post')).toEqual(expect.arrayContaining(['401', '429']));
    expect(statuses('/api/upload', 'post')).toEqual(expect.arrayContaining(['413', '415']));
    // An Idempotency-Key may be in use by another request (409) or was used for another (422).
    expect(statuses('/api/machine', 'post')).toEqual(expect.arrayContaining(['409', '422']));
  });

  it.each([
    ['/api/file/{id}', ['image/jpeg', 'image/png', 'image/webp', 'application/pdf']],
    ['/api/upload/{id}/file', ['application/pdf', 'text/csv']],
    ['/api/upload/{id}/page/{page}', ['image/png']],
    ['/api/correction-record/{id}/drawing', ['application/pdf', 'image/png']],
    ['/api/correction-report/{id}/drawing', ['application/pdf', 'image/png']],
  ])('declares %s as a file in its media types, not as JSON', (path, types) => {
    const content = operation(path, 'get').responses['200'].content ?? {};
    expect(Object.keys(content)).toEqual(expect.arrayContaining(types));
    expect(content['application/json']).toBeUndefined();
  });

  it('declares uploads as multipart forms with their files', () => {
    expect(operation('/api/upload', 'post').requestBody).toMatchObject({
      required: true,
      content: { 'multipart/form-data': { schema: { properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } },
    });
    const report = operation('/api/failure-damage-report', 'post').requestBody?.content ?? {};
    expect(Object.keys(report).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(report['multipart/form-data'].schema.properties?.photos).toMatchObject({ type: 'array', items: { format: 'binary' } });
  });

  it('lists the rules beyond the schemas: across fields, checked against stored data, and references', () => {
    expect(operation('/api/auth/change-password', 'post')['x-planta-rules']).toEqual(
      expect.arrayContaining([
        { in: 'body', field: 'confirm_password', message: messages.passwordsDoNotMatch },
        { field: 'current_password', message: messages.currentPasswordWrong },
      ]),
    );
    expect(operation('/api/finish', 'post')['x-planta-rules']).toEqual(
      expect.arrayContaining([{ in: 'body', field: 'colour', message: 'Indica el color del anodizado' }]),
    );
    expect(operation('/api/die-enlistment', 'post')['x-planta-rules']).toEqual(expect.arrayContaining([{ in: 'body', field: 'die_id', reference: true }]));
    expect(document['x-planta-rules']).toEqual([{ field: '*', message: messages.invalidCharacters }]);
  });

  it('states impossible days and empty dates as they are taken', () => {
    const machine = operation('/api/machine', 'post').requestBody?.content['application/json'].schema.properties ?? {};
    // An emptied date input sends '': declared, and stored as no date.
    expect(machine.in_service_date).toMatchObject({ nullable: true, anyOf: [expect.objectContaining({ format: 'date' }), { type: 'string', enum: [''] }] });
    const day = new RegExp(machine.in_service_date.anyOf![0].pattern!);
    expect(['2026-02-28', '2024-02-29'].filter((text) => day.test(text))).toHaveLength(2);
    expect(['0000-00-00', '2026-02-30', '2025-02-29', '2026-13-01'].filter((text) => day.test(text))).toEqual([]);
  });

  it('needs a visible character in a required name, as the API checks it once trimmed', () => {
    const name = operation('/api/finish', 'post').requestBody?.content['application/json'].schema.properties?.name;
    const patterns = (name?.allOf ?? []).map((part) => new RegExp(part.pattern!));
    const follows = (text: string) => patterns.every((pattern) => pattern.test(text));
    expect([' ', '\u200F\u200E', '\u2066 \u2069'].filter(follows)).toEqual([]);
    expect(follows('Lacado negro')).toBe(true);
  });
});

describe('what the document does not allow', () => {
  it('refuses a query parameter a list does not declare, in Spanish, on its name', async () => {
    const answer = await t.http().get('/api/machine/all?pagesize=10&page=1').set(bearer(token));
    expect({ status: answer.status, fields: answer.body.fields }).toEqual({ status: 400, fields: { pagesize: messages.unknownParameter('pagesize') } });
  });

  it('refuses any query parameter on a route that declares none', async () => {
    const answer = await t.http().get('/api/health?verbose=1');
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 400,
      body: { statusCode: 400, message: messages.unknownParameter('verbose'), error: 'Bad Request', fields: { verbose: messages.unknownParameter('verbose') } },
    });
  });

  it('answers a method a known path does not answer with 405 and the methods it does in Allow', async () => {
    const [machine] = await t.sql<{ id: number }>(`select id from machine order by id limit 1`);
    const answer = await t.http().put(`/api/machine/${machine.id}`).set(bearer(token)).send({ name: 'Sierra' });
    expect({ status: answer.status, allow: answer.headers.allow, body: answer.body }).toEqual({
      status: 405,
      allow: 'DELETE, GET, HEAD, PATCH',
      body: { statusCode: 405, message: messages.methodNotAllowedHere(['DELETE', 'GET', 'HEAD', 'PATCH']), error: 'Method Not Allowed' },
    });
    const list = await t.http().delete('/api/machine/all').set(bearer(token));
    // `all` is an id to the DELETE route of /api/machine/:id: refused as one, not as a method.
    expect(list.status).toBe(400);
    const nowhere = await t.http().put('/api/no-such-thing').set(bearer(token));
    expect({ status: nowhere.status, allow: nowhere.headers.allow }).toEqual({ status: 404, allow: undefined });
  });

  it('refuses an address it cannot read, and a path id of any length, in the error shape, in Spanish', async () => {
    const broken = await t.http().get('/api/machine/%ED%A0%80').set(bearer(token));
    expect({ status: broken.status, body: broken.body }).toEqual({
      status: 400,
      body: { statusCode: 400, message: messages.invalidAddress, error: 'Bad Request' },
    });
    const long = await t
      .http()
      .get(`/api/machine/${'9'.repeat(400)}`)
      .set(bearer(token));
    expect({ status: long.status, fields: long.body.fields }).toEqual({ status: 400, fields: { id: messages.invalidId } });
  });
});
