import { request as httpRequest } from 'node:http';
import { Controller, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { endpoint, messages, type EndpointArgs } from '@planta/contracts';
import { Endpoint, Input } from '../src/common/endpoint.decorator';
import { adminQuery, bearer, startTestApp, type TestApp } from './support/test-app';

// A route that hands SQL what no schema checked: what the database then refuses is the client's error (issue 36).
const uncheckedEndpoint = endpoint({
  method: 'POST',
  path: 'probe/unchecked',
  access: 'public',
  tag: 'probe',
  summary: 'probe',
  body: z.object({ at: z.string().optional(), kg: z.number().optional() }),
  response: z.object({ done: z.string() }),
});
@Controller()
class UncheckedProbeController {
  constructor(private readonly dataSource: DataSource) {}

  @Endpoint(uncheckedEndpoint)
  async store(@Input() { body }: EndpointArgs<typeof uncheckedEndpoint>) {
    await this.dataSource.query(`select $1::timestamptz as at, $2::int4 as kg`, [body.at ?? null, body.kg ?? null]);
    return { done: 'stored' };
  }
}
@Module({ controllers: [UncheckedProbeController] })
class UncheckedProbeModule {}

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await startTestApp(
    {
      BODY_LIMIT: '10kb',
      CORS_ORIGINS: 'http://localhost:3000',
      PLANTA_REMOTE_MFE_ADMIN: 'https://admin.planta.example/mf-manifest.json',
      // The reverse proxy of an HTTPS install, on this host.
      TRUST_PROXY: '127.0.0.1',
    },
    [UncheckedProbeModule],
  );
  baseUrl = await t.listen();
});
afterAll(() => t.close());

describe('health', () => {
  it('reports the database up, and down while it cannot be reached', async () => {
    expect((await t.http().get('/api/health')).body).toEqual({ status: 'ok', database: 'up' });
    await adminQuery(`alter database ${t.database.name} with allow_connections false`);
    await adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [t.database.name]);
    try {
      const down = await t.http().get('/api/health');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ status: 'error', database: 'down' });
    } finally {
      await adminQuery(`alter database ${t.database.name} with allow_connections true`);
    }
    expect((await t.http().get('/api/health')).body).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('errors', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await t.http().get('/api/no-existe/por-aqui');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toEqual({ statusCode: 404, message: 'No encontrado', error: 'Not Found' });
  });

  it('answers broken JSON and oversized bodies in the one error shape, without internals', async () => {
    const broken = await t.http().post('/api/auth/login').set('content-type', 'application/json').send('{"email":');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ statusCode: 400, message: 'El cuerpo de la solicitud no es un JSON válido', error: 'Bad Request' });
    const big = await t
      .http()
      .post('/api/auth/login')
      .send({ email: 'a@b.example', password: 'x'.repeat(20_000) });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('Payload Too Large');
    expect(JSON.stringify(big.body)).not.toMatch(/at \w+ \(|node_modules|select /i);
  });

  it('answers a value the database cannot hold with 400 on its field, never a 500 (issue 36)', async () => {
    const moment = await t.http().post('/api/probe/unchecked').send({ at: '2026-01-01T00:00:00+20:00' });
    expect({ status: moment.status, body: moment.body }).toEqual({
      status: 400,
      body: { statusCode: 400, message: messages.dateNotStorable, error: 'Bad Request', fields: { at: messages.dateNotStorable } },
    });
    const year = await t.http().post('/api/probe/unchecked').send({ at: '300000-01-01T00:00:00Z' });
    expect({ status: year.status, fields: year.body.fields }).toEqual({ status: 400, fields: { at: messages.dateNotStorable } });
    const number = await t.http().post('/api/probe/unchecked').send({ kg: 99_999_999_999 });
    expect({ status: number.status, fields: number.body.fields }).toEqual({ status: 400, fields: { kg: messages.numberNotStorable } });
    expect((await t.http().post('/api/probe/unchecked').send({ at: '2026-01-01T00:00:00+14:00', kg: 5 })).status).toBe(201);
  });

  it('refuses malformed ids with a field error', async () => {
    const { access_token } = await t.login('jefe@norte.example');
    const response = await t.http().get('/api/die/12abc').set(bearer(access_token));
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fields)).toEqual(['id']);
  });
});

describe('HTTP hardening', () => {
  it('sends helmet headers and no x-powered-by', async () => {
    const response = await t.http().get('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  describe('HTTPS only where the request came over HTTPS (issue 36)', () => {
    /** A request as it reaches the API: from `address`, with the headers a client or a proxy set. */
    const arriving = (address: string, headers: Record<string, string> = {}) =>
      (t.app as NestFastifyApplication).getHttpAdapter().getInstance().inject({ method: 'GET', url: '/api/health', remoteAddress: address, headers });
    const upgrades = (csp: unknown) => String(csp).split(';').includes('upgrade-insecure-requests');

    it('sends neither HSTS nor upgrade-insecure-requests over plain HTTP (a LAN install on http://host:3000)', async () => {
      for (const answer of [await arriving('10.0.0.5'), await arriving('127.0.0.1', { 'x-forwarded-proto': 'http' }), await t.http().get('/api/health')]) {
        expect(answer.headers['strict-transport-security']).toBeUndefined();
        expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
        expect(upgrades(answer.headers['content-security-policy'])).toBe(false);
      }
    });

    it('sends both over HTTPS behind a trusted proxy', async () => {
      const answer = await arriving('127.0.0.1', { 'x-forwarded-proto': 'https' });
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(upgrades(answer.headers['content-security-policy'])).toBe(true);
    });

    it('believes no X-Forwarded-Proto from a client that is not a trusted proxy', async () => {
      const answer = await arriving('203.0.113.9', { 'x-forwarded-proto': 'https' });
      expect(answer.headers['strict-transport-security']).toBeUndefined();
      expect(upgrades(answer.headers['content-security-policy'])).toBe(false);
    });
  });

  it('names in the CSP this origin and the configured remotes, never every https: address', async () => {
    const csp = String((await t.http().get('/api/health')).headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    );
    expect(Object.values(directives).flat()).not.toContain('https:');
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'", 'https://admin.planta.example']);
    expect(directives['font-src']).toEqual(["'self'", 'data:', 'https://admin.planta.example']);
  });

  it('allows CORS only for configured origins, never with credentials (tokens are not cookies)', async () => {
    const allowed = await t.http().get('/api/health').set('Origin', 'http://localhost:3000');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(allowed.headers['access-control-expose-headers'].split(/\s*,\s*/)).toEqual(['Retry-After', 'Planta-Not-Processed']);
    const other = await t.http().get('/api/health').set('Origin', 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    for (const response of [allowed, other, await t.http().get('/api/health')]) expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('lets no browser or proxy keep an API answer (personal data, tokens)', async () => {
    const session = await t.http().post('/api/auth/login').send({ email: 'jefe@norte.example', password: 'Planta2026!' });
    const refused = await t.http().get('/api/company/all');
    for (const response of [session, refused, await t.http().get('/api/health')]) expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each(['TRACE', 'PROPFIND', 'LINK'])('answers %s with the JSON error shape and the methods it does answer', async (method) => {
    const response = await new Promise<{ status?: number; allow?: string; body: string }>((resolve, reject) => {
      const sent = httpRequest({ host: '127.0.0.1', port: new URL(baseUrl).port, path: '/api/health', method }, (answer) => {
        let body = '';
        answer.on('data', (chunk) => (body += chunk));
        answer.on('end', () => resolve({ status: answer.statusCode, allow: answer.headers.allow, body }));
      });
      sent.on('error', reject);
      sent.end();
    });
    expect(response.status).toBe(405);
    expect(response.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(JSON.parse(response.body)).toEqual({ statusCode: 405, message: 'Método no permitido', error: 'Method Not Allowed' });
  });
});

describe('OpenAPI', () => {
  it('serves the document to signed-in users only; the docs page is a viewer that loads it with the portal token', async () => {
    const page = await t.http().get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger');
    const init = await t.http().get('/api/docs/swagger-ui-init.js');
    expect(init.text).toContain('/api/docs-json');
    expect(init.text).not.toContain('/api/auth/login');
    const anonymous = await t.http().get('/api/docs-json');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.paths).toBeUndefined();
    const { access_token } = await t.login('jefe@norte.example');
    const document = (await t.http().get('/api/docs-json').set(bearer(access_token))).body;
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/company/all', '/api/die/find', '/api/health']),
    );
    const body = (path: string) => document.paths[path].post.requestBody.content['application/json'].schema;
    expect(body('/api/auth/login').required).toEqual(['email', 'password']);
    expect(body('/api/auth/login').properties.email).toMatchObject({ type: 'string', minLength: 4, maxLength: 254 });
    expect(body('/api/auth/register').properties).toHaveProperty('companyName');
    const answer = document.paths['/api/auth/login'].post.responses['200'].content['application/json'].schema;
    expect(answer.required).toEqual(['user', 'access_token']);
  });
});

describe('web apps', () => {
  it('serves the remotes map, with a configured remote elsewhere allowed by the CSP', async () => {
    const response = await t.http().get('/remotes.json');
    expect(response.status).toBe(200);
    // Kept for a minute by the browser (a warm visit asks for it again no sooner), then checked.
    expect(response.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(response.body).toMatchObject({ mfe_auth: '/mfe/auth/mf-manifest.json', mfe_admin: 'https://admin.planta.example/mf-manifest.json' });
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/admin\.planta\.example/);
  });

  it('serves no source maps, whether or not a build wrote them', async () => {
    for (const path of ['/main.js.map', '/mfe/auth/remoteEntry.js.map', '/mfe/production/123.abcdef12.js.map']) {
      const response = await t.http().get(path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ statusCode: 404, message: 'No encontrado', error: 'Not Found' });
    }
  });

  it('keeps /api answers JSON even for unknown paths while pages fall back to the portal', async () => {
    const api = await t.http().get('/api/unknown');
    expect(api.headers['content-type']).toMatch(/json/);
  });
});
