import { existsSync, mkdtempSync, chmodSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions, openDataSource } from '../src/database/database';
import { SYSTEM_SETTING } from '../src/database/tenant-policy';
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

describe('an installation upgraded with its data', () => {
  // A session that sees every company's rows, as the migrations' own connection does.
  const asSystem = (url: string) => new DataSource({ ...dataSourceOptions(url), extra: { max: 1, options: `-c ${SYSTEM_SETTING}=on` } });

  it('repairs the rows of every company that break a newer rule, and comes up', async () => {
    const database = await createEmptyDatabase();
    try {
      await (await openDataSource(database.url, true)).destroy();
      // Back to before issue 37's rules, then rows as an older version could leave them, in both companies.
      const older = await asSystem(database.url).initialize();
      while ((await older.query(`select 1 from schema_migration where name = 'OneTruthAcrossAreas1765800000000'`)).length > 0) {
        await older.undoLastMigration({ transaction: 'each' });
      }
      const [, broken] = await older.query(`update work_order set created_at = started_at + interval '2 hours' where started_at is not null`);
      const [, inPressWithoutRun] = await older.query(
        `update production_order o set status = 'in_press'
          where status = 'planned' and not exists (select 1 from order_die r where r.order_id = o.id and r.end_extrusion_time is null)`,
      );
      const [{ companies }] = await older.query(`select count(distinct company_id)::int as companies from work_order where started_at < created_at`);
      await older.destroy();
      expect(broken).toBeGreaterThan(0);
      expect(inPressWithoutRun).toBeGreaterThan(0);
      expect(companies).toBe(2);

      const upgraded = await openDataSource(database.url, true);
      try {
        const [state] = await upgraded.transaction(async (manager) => {
          await manager.query(`select set_config('${SYSTEM_SETTING}', 'on', true)`);
          return manager.query(`select
            (select count(*) from work_order where started_at < created_at)::int as started_before_created,
            (select count(*) from production_order o where status = 'in_press'
               and not exists (select 1 from order_die r where r.order_id = o.id and r.end_extrusion_time is null))::int as in_press_without_run,
            (select count(*) from schema_migration)::int as migrations`);
        });
        expect(state).toEqual({ started_before_created: 0, in_press_without_run: 0, migrations: migrations.length });
        // The API's own connections stay company-scoped: the migrations' system session never reaches them.
        const [{ visible }] = await upgraded.query(`select count(*)::int as visible from work_order`);
        expect(visible).toBe(0);
      } finally {
        await upgraded.destroy();
      }
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
