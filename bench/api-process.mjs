// The built API of a checkout (its api/dist/main.js) on a fresh embedded PostgreSQL with the demo
// seed, serving that checkout's production builds as `npm start` serves them.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './ports.mjs';

/** Starts the API of the checkout at `root`; resolves once /api/health answers. */
export async function startApi(root) {
  const dataDir = mkdtempSync('/var/tmp/planta-bench-');
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const pgPort = await freePort();
  // From api/dist as `./main.js` under its own name, so that a `pkill -f api/dist/main.js` meant
  // for someone's `npm start` does not stop this run.
  const child = spawn(process.execPath, ['./main.js'], {
    cwd: join(root, 'api', 'dist'),
    argv0: 'planta-bench-api',
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      PLANTA_DATA_DIR: dataDir,
      PLANTA_PG_PORT: String(pgPort),
      JWT_SECRET: 'bench-secret-long-enough-0123456789abcdef0123',
      SEED_DEMO_DATA: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const api = { child, port, dataDir, exited, baseUrl: `http://127.0.0.1:${port}`, output: () => log };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stopApi(api);
      throw new Error(`API exited with ${child.exitCode}:\n${log}`);
    }
    try {
      if ((await fetch(`${api.baseUrl}/api/health`)).ok) return api;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopApi(api);
      throw new Error(`API not healthy after 120 s:\n${log}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}

export async function stopApi(api) {
  if (api.child.exitCode === null && api.child.signalCode === null) {
    api.child.kill('SIGTERM');
    const timer = setTimeout(() => api.child.kill('SIGKILL'), 30_000);
    await api.exited;
    clearTimeout(timer);
  }
  rmSync(api.dataDir, { recursive: true, force: true });
}
