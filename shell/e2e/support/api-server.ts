import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Client } from 'pg';

/** The workspace root (this file is shell/e2e/support/api-server.ts). */
export const WORKSPACE = join(__dirname, '..', '..', '..');

/** What `npm start` serves: the API bundle and the builds of the shell and every remote. */
export const REQUIRED_BUILDS = [
  'api/dist/main.js',
  'shell/dist/index.html',
  ...['auth', 'production', 'maintenance', 'dieshop', 'admin'].map((name) => `mfe-${name}/dist/mf-manifest.json`),
];

export function missingBuilds(): string[] {
  return REQUIRED_BUILDS.filter((file) => !existsSync(join(WORKSPACE, file)));
}

/** A TCP port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunningApi {
  child: ChildProcess;
  port: number;
  pgPort: number;
  baseUrl: string;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * The built API (`api/dist/main.js`, as `npm start` runs it) with its embedded PostgreSQL in a
 * fresh folder under /var/tmp (the server runs as `postgres` when the tests run as root).
 */
export async function startApi(env: NodeJS.ProcessEnv = {}): Promise<RunningApi> {
  const missing = missingBuilds();
  if (missing.length > 0) throw new Error(`Build the apps first (npx nx run-many -t build); missing: ${missing.join(', ')}`);
  const dataDir = mkdtempSync('/var/tmp/planta-e2e-');
  chmodSync(dataDir, 0o755);
  return launch({ dataDir, port: await freePort(), pgPort: await freePort() }, env);
}

/**
 * Stops the API as a deploy does (SIGTERM, which must end in exit 0), runs `whileDown`, and starts
 * it again on the same folder and ports.
 */
export async function restartApi(api: RunningApi, whileDown: () => Promise<void> = async () => undefined): Promise<RunningApi> {
  const code = await stopProcess(api);
  if (code !== 0) throw new Error(`The API exited with ${code} on SIGTERM:\n${api.output()}`);
  await whileDown();
  return launch(api, {});
}

async function launch({ dataDir, port, pgPort }: Pick<RunningApi, 'dataDir' | 'port' | 'pgPort'>, env: NodeJS.ProcessEnv): Promise<RunningApi> {
  // Run from api/dist as `./main.js` under its own name: a colleague's `pkill -f api/dist/main.js`
  // (stopping their `npm start`) must not stop the server in the middle of this run.
  const child = spawn(process.execPath, ['./main.js'], {
    cwd: join(WORKSPACE, 'api', 'dist'),
    argv0: 'planta-e2e-api',
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      PLANTA_DATA_DIR: dataDir,
      PLANTA_PG_PORT: String(pgPort),
      JWT_SECRET: 'e2e-test-secret-long-enough-0123456789abcdef',
      SEED_DEMO_DATA: 'true',
      // Every answer the browser gets is checked against its contract.
      PLANTA_CHECK_RESPONSES: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const api: RunningApi = { child, port, pgPort, baseUrl: `http://127.0.0.1:${port}`, dataDir, output: () => log, exited };
  try {
    await waitForHealth(api);
  } catch (error) {
    await stopApi(api);
    throw error;
  }
  return api;
}

export async function waitForHealth(api: RunningApi, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (api.child.exitCode !== null) throw new Error(`API exited with ${api.child.exitCode}:\n${api.output()}`);
    try {
      const response = await fetch(`${api.baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`API on ${api.port} not healthy after ${timeoutMs} ms:\n${api.output()}`);
}

/**
 * Runs SQL on the API's database as the cluster's superuser (the password file the API wrote in
 * its data folder), and answers its rows: for test set-up, and reads, that no endpoint offers.
 */
export async function sqlAsSuperuser<T = Record<string, unknown>>(
  api: Pick<RunningApi, 'pgPort' | 'dataDir'>,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const password = readFileSync(join(api.dataDir, 'pg-password'), 'utf8').trim();
  const client = new Client({ host: '127.0.0.1', port: api.pgPort, user: 'postgres', password, database: 'planta' });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** SQL as the superuser on the run's API (global-setup.ts), from a spec: for what no endpoint does yet. */
export function sqlOnTestApi<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const { PLANTA_E2E_PG_PORT: pgPort, PLANTA_E2E_DATA_DIR: dataDir } = process.env;
  if (!pgPort || !dataDir) throw new Error('PLANTA_E2E_PG_PORT / PLANTA_E2E_DATA_DIR not set: run through shell/e2e/jest.config.js');
  return sqlAsSuperuser<T>({ pgPort: Number(pgPort), dataDir }, sql, params);
}

/** SIGTERM (the API stops its PostgreSQL), SIGKILL after a grace period; resolves with the exit code. */
async function stopProcess(api: RunningApi, graceMs = 30_000): Promise<number | null> {
  if (api.child.exitCode === null && api.child.signalCode === null) {
    api.child.kill('SIGTERM');
    const timer = setTimeout(() => api.child.kill('SIGKILL'), graceMs);
    await api.exited;
    clearTimeout(timer);
  }
  return api.child.exitCode;
}

/** Stops the API, then its data folder goes. */
export async function stopApi(api: RunningApi, graceMs = 30_000): Promise<void> {
  await stopProcess(api, graceMs);
  rmSync(api.dataDir, { recursive: true, force: true });
}
