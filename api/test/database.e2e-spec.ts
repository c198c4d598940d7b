import { existsSync, mkdtempSync, chmodSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDataSource } from '../src/database/database';
import { migrations } from '../src/database/migrations';
import { freePort } from './support/ports';
import { createEmptyDatabase, dropDatabase } from './support/test-app';
import { spawnApi, stopAllApis, stopApi, waitForHealth } from './support/api-process';
import { isAlive as alive, postmasterPid, postmasterPidFile } from './support/postmaster';

afterEach(() => stopAllApis());

const counts = `select
  (select count(*) from company)::int as companies, (select count(*) from app_user)::int as users,
  (select count(*) from page)::int as pages, (select count(*) from role)::int as roles,
  (select count(*) from schema_migration)::int as migrations`;

describe('migrations and seed', () => {
  it('run from an empty database and change nothing when run again', async () => {
    const database = await createEmptyDatabase();
    try {
      const first = await openDataSource(database.url, true);
      const before = await first.query(counts);
      await first.destroy();
      const second = await openDataSource(database.url, true);
      const after = await second.query(counts);
      const [{ page_roles }] = await second
        .query(`select count(*)::int as page_roles from page_role where company_id is not null`)
        .catch(() => [{ page_roles: -1 }]);
      await second.destroy();
      // The four built-in roles and Extrusiones del Norte's own 'calidad'; the demo accounts and five more people.
      expect(before).toEqual([{ companies: 2, users: 6 + 5, pages: expect.any(Number), roles: 5, migrations: migrations.length }]);
      expect(after).toEqual(before);
      // The app role sees no permission rows outside a company (row-level security).
      expect(page_roles).toBe(0);
    } finally {
      await dropDatabase(database.name);
    }
  });
});

describe('API processes', () => {
  it('two processes starting together on one empty database both come up', async () => {
    const database = await createEmptyDatabase();
    const apis = [spawnApi(await freePort(), { DATABASE_URL: database.url }), spawnApi(await freePort(), { DATABASE_URL: database.url })];
    try {
      const health = await Promise.all(apis.map((api) => waitForHealth(api)));
      expect(health).toEqual([
        { status: 'ok', database: 'up' },
        { status: 'ok', database: 'up' },
      ]);
      for (const api of apis) {
        const response = await fetch(`http://127.0.0.1:${api.port}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'jefe@norte.example', password: 'Planta2026!' }),
        });
        expect(response.status).toBe(200);
      }
    } finally {
      await Promise.all(apis.map((api) => stopApi(api)));
      await dropDatabase(database.name);
    }
  });
});

describe('embedded PostgreSQL (no DATABASE_URL)', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    dataDir = mkdtempSync('/var/tmp/planta-embedded-');
    chmodSync(dataDir, 0o755);
    env = { DATABASE_URL: '', JWT_SECRET: '', PLANTA_DATA_DIR: dataDir, PLANTA_PG_PORT: String(await freePort()) };
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const pidFile = () => postmasterPidFile(dataDir);
  const postgresPid = () => postmasterPid(dataDir);

  it('creates its cluster under the data folder, keeps data between runs and leaves nothing running after SIGTERM', async () => {
    const first = spawnApi(await freePort(), env);
    expect(await waitForHealth(first)).toEqual({ status: 'ok', database: 'up' });
    const pid = postgresPid();
    expect(existsSync(join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(true);
    expect(await stopApi(first, 'SIGTERM')).toBe(0);
    expect(alive(pid)).toBe(false);
    expect(existsSync(pidFile())).toBe(false);

    const second = spawnApi(await freePort(), env);
    await waitForHealth(second);
    expect(second.output()).not.toContain('Creating the embedded PostgreSQL cluster');
    expect(await stopApi(second, 'SIGINT')).toBe(0);
    expect(existsSync(pidFile())).toBe(false);
  });

  it('after the API is killed, the next start stops the orphaned server and comes up', async () => {
    const killed = spawnApi(await freePort(), env);
    await waitForHealth(killed);
    const orphan = postgresPid();
    await stopApi(killed, 'SIGKILL');
    expect(alive(orphan)).toBe(true);

    const next = spawnApi(await freePort(), env);
    await waitForHealth(next);
    expect(next.output()).toContain(`Stopping PostgreSQL (pid ${orphan}) left running by an API that did not shut down cleanly`);
    expect(alive(orphan)).toBe(false);
    expect(await stopApi(next)).toBe(0);
  });

  it('removes a stale lock file whose server is gone', async () => {
    mkdirSync(join(dataDir, 'pg'), { recursive: true });
    writeFileSync(pidFile(), '999999\n/nowhere\n');
    const api = spawnApi(await freePort(), env);
    await waitForHealth(api);
    expect(api.output()).toContain('Removing the stale lock file');
    expect(await stopApi(api)).toBe(0);
  });
});
