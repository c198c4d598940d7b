import { randomBytes } from 'node:crypto';
import type { INestApplication, Type } from '@nestjs/common';
import { Client } from 'pg';
import request from 'supertest';
import type { AuthResponse } from '@planta/contracts';
import { createApp } from '../../src/app.factory';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { TENANT_SETTING } from '../../src/database/tenant-policy';
import { DEMO_PASSWORD } from '../../src/seed/demo-data';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

function urlFor(database: string, base = process.env.PLANTA_TEST_DATABASE_URL): string {
  if (!base) throw new Error('PLANTA_TEST_DATABASE_URL is not set: run the API tests through jest (global-setup starts PostgreSQL).');
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs SQL as the cluster's superuser. */
export async function adminQuery<T = Record<string, unknown>>(sql: string, params: unknown[] = [], database = 'postgres'): Promise<T[]> {
  const client = new Client({ connectionString: urlFor(database, process.env.PLANTA_TEST_ADMIN_URL) });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** An empty database owned by the app role; returns its app-role URL. */
export async function createEmptyDatabase(): Promise<{ name: string; url: string }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} owner planta`);
  return { name, url: urlFor(name) };
}

export async function dropDatabase(name: string): Promise<void> {
  await adminQuery(`drop database if exists ${name} with (force)`);
}

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  database: { name: string; url: string };
  http: () => ReturnType<typeof request>;
  login(email: string, password?: string): Promise<AuthResponse>;
  /** Starts listening on a free port (sockets need a real server); returns the base URL. */
  listen(): Promise<string>;
  /** Runs SQL in this app's database as the superuser (bypasses row-level security). */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs `work` as the app role in the company's scope, in a transaction rolled back after it (rows it adds are gone). */
  inCompanyScope(companyId: number, work: (client: Client) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole API on its own freshly migrated and seeded database. One app per spec file: passport
 * keeps strategies in a module-wide registry, which jest gives each file its own copy of.
 */
export async function startTestApp(
  env: NodeJS.ProcessEnv = {},
  extraModules: Type[] = [],
  /** `reach`: the URL the app connects with, made from its database's (through a proxy that a test can cut). */
  options: { reach?: (url: string) => string } = {},
): Promise<TestApp> {
  const database = await createEmptyDatabase();
  // The preventive scheduler runs only when a test asks (maintenance-preventive.e2e-spec.ts drives it with a
  // fake clock); the upload queue is read when a document is uploaded, not on a timer.
  const config = loadConfig({
    JWT_SECRET: TEST_JWT_SECRET,
    PLANTA_DATA_DIR: '/nonexistent',
    PLANTA_CHECK_RESPONSES: 'true',
    PM_SCHEDULER_MS: '0',
    UPLOAD_POLL_MS: '0',
    ...env,
  });
  const app = await createApp(config, options.reach ? options.reach(database.url) : database.url, { logger: false, extraModules });
  const http = () => request(app.getHttpServer());
  return {
    app,
    config,
    database,
    http,
    async login(email, password = DEMO_PASSWORD) {
      const response = await http().post('/api/auth/login').send({ email, password });
      if (response.status !== 200) throw new Error(`Login of ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body as AuthResponse;
    },
    async listen() {
      await app.listen(0, '127.0.0.1');
      const { port } = app.getHttpServer().address() as { port: number };
      return `http://127.0.0.1:${port}`;
    },
    sql: (text, params = []) => adminQuery(text, params, database.name),
    async inCompanyScope(companyId, work) {
      const client = new Client({ connectionString: database.url });
      client.on('error', () => undefined);
      await client.connect();
      try {
        await client.query('begin');
        await client.query(`select set_config('${TENANT_SETTING}', $1, true)`, [String(companyId)]);
        await work(client);
      } finally {
        await client.query('rollback').catch(() => undefined);
        await client.end();
      }
    },
    async close() {
      await app.close();
      await dropDatabase(database.name);
    },
  };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
