import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const MAIN = join(__dirname, '..', '..', 'dist', 'main.js');

export interface ApiProcess {
  child: ChildProcess;
  port: number;
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

const running = new Set<ApiProcess>();

/** The built API (`api/dist/main.js`, as `npm start` runs it) in its own process. */
export function spawnApi(port: number, env: NodeJS.ProcessEnv): ApiProcess {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: String(port), JWT_SECRET: 'process-test-secret-long-enough-0123456789abcdef', PLANTA_CHECK_RESPONSES: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const api = { child, port, output: () => log, exited };
  running.add(api);
  void exited.then(() => running.delete(api));
  return api;
}

export async function waitForHealth(api: ApiProcess, timeoutMs = 90_000): Promise<{ status: string; database: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (api.child.exitCode !== null) throw new Error(`API exited with ${api.child.exitCode}:\n${api.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${api.port}/api/health`);
      if (response.ok) return (await response.json()) as { status: string; database: string };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`API on ${api.port} not healthy after ${timeoutMs} ms:\n${api.output()}`);
}

export async function stopApi(api: ApiProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (api.child.exitCode !== null) return api.child.exitCode;
  api.child.kill(signal);
  return api.exited;
}

/** Stops whatever a failed test left running, so that no process outlives the run. */
export async function stopAllApis(): Promise<void> {
  await Promise.all([...running].map((api) => stopApi(api, 'SIGINT')));
}
