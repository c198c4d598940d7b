// What the benchmarks share: percentiles, one-at-a-time timing, the tables they print, and a
// plain `pg` stand-in for the API's tenant scope (the baseline of "via plain pg" rows).
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

/** Lines of the budgets exceeded in this run: each table marks its own, `npm run bench` lists them at the end and fails. */
export const overBudget = [];

/** 'ok' or 'OVER BUDGET' for a figure against its budget (same unit), remembering what was exceeded. */
export function budgetMark(label, value, budget, unit = 'ms') {
  if (value <= budget) return `≤ ${budget} ${unit} ok`;
  overBudget.push(`${label}: ${Math.round(value)} ${unit} > ${budget} ${unit}`);
  return `≤ ${budget} ${unit} OVER BUDGET`;
}

/** 'ok' or 'BELOW TARGET' for a figure that must reach at least `target` (a rate, a share), remembering a miss. */
export function targetMark(label, value, target, unit) {
  if (value >= target) return `≥ ${target} ${unit} ok`;
  overBudget.push(`${label}: ${Math.round(value)} ${unit} < ${target} ${unit}`);
  return `≥ ${target} ${unit} BELOW TARGET`;
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Calls `call` `requests` times one after the other (after 5 warm-up calls); n, p50 and p99 in ms.
 * With `budgetMs`, a slow call is timed fewer times: the warm-ups stop after one that takes over a
 * second, and no request starts once the budget (warm-ups included) is spent, 3 at least; n says
 * how many were timed.
 */
export async function timed(call, requests, budgetMs = Infinity) {
  const began = performance.now();
  for (let warm = 0; warm < 5; warm++) {
    const start = performance.now();
    await call();
    if (budgetMs !== Infinity && performance.now() - start > 1_000) break;
  }
  const latencies = [];
  for (let run = 0; run < requests; run++) {
    if (run >= 3 && performance.now() - began > budgetMs) break;
    const start = performance.now();
    await call();
    latencies.push(performance.now() - start);
  }
  latencies.sort((a, b) => a - b);
  return { n: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** The median of some numbers (the mean of the two middle ones for an even count). */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export const pad = (text, width, right = false) => (right ? String(text).padStart(width) : String(text).padEnd(width));

/** Issue 18: the board, the machine and die summaries and the indicators answer through the API within this p99. */
export const API_P99_BUDGET_MS = 100;

/** The rows measured through the API, which API_P99_BUDGET_MS applies to (the plain pg rows are their baselines). */
export const viaApi = (name) => name.includes('via API');

/** Prints `[name, { n, p50, p99 }]` rows as the benchmarks' latency table; `budgeted` rows are marked against API_P99_BUDGET_MS. */
export function printLatencyTable(rows, budgeted = () => false) {
  console.log(`${pad('measure', 56)} ${pad('n', 5, true)} ${pad('p50 ms', 8, true)} ${pad('p99 ms', 8, true)}`);
  console.log(`${'-'.repeat(56)} ${'-'.repeat(5)} ${'-'.repeat(8)} ${'-'.repeat(8)}`);
  for (const [name, result] of rows) {
    const mark = budgeted(name) ? `  p99 ${budgetMark(`${name}, p99`, result.p99, API_P99_BUDGET_MS)}` : '';
    console.log(`${pad(name, 56)} ${pad(result.n, 5, true)} ${pad(result.p50.toFixed(1), 8, true)} ${pad(result.p99.toFixed(1), 8, true)}${mark}`);
  }
}

/**
 * The API's tenant scope on a plain pg client, as TenantDb gives it: `transaction`, one transaction
 * scoped to the company; `read`, no transaction, on a connection that holds the company for its
 * session (set when it changes). Each hands the work a manager whose `query` answers rows:
 * services built on it run their own statements with no HTTP, guard, validation or JSON.
 */
export function plainTenantDb(pool, companyId, tenantSetting) {
  const heldCompany = new WeakMap();
  return {
    async read(work) {
      const client = await pool.connect();
      try {
        if (heldCompany.get(client) !== companyId) {
          await client.query(`select set_config('${tenantSetting}', $1, false)`, [String(companyId)]);
          heldCompany.set(client, companyId);
        }
        const manager = { query: async (sql, params) => (await client.query(sql, params)).rows };
        return await work({ manager, companyId });
      } finally {
        client.release();
      }
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(`select set_config('${tenantSetting}', $1, true)`, [String(companyId)]);
        const manager = { query: async (sql, params) => (await client.query(sql, params)).rows };
        const result = await work({ manager, companyId });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

/**
 * A fresh embedded PostgreSQL and the built API on it (demo seed), for one benchmark: `admin` (a
 * superuser pool on the app's database, to load volume), `app` (the app role's pool, for the plain
 * pg baselines), the API's base URL, and `stop`.
 */
export async function startBenchApi(root, name, { freePort, waitForApi }) {
  const { createRequire } = await import('node:module');
  const { chmodSync, mkdtempSync, rmSync } = await import('node:fs');
  const { spawn } = await import('node:child_process');
  const require = createRequire(import.meta.url);
  const { Pool } = require('pg');
  const { startEmbeddedDatabase } = require(join(root, 'api', 'dist', 'database', 'embedded-database.js'));
  const dataDir = mkdtempSync(`/var/tmp/planta-bench-${name}-`);
  chmodSync(dataDir, 0o755);
  const database = await startEmbeddedDatabase(dataDir, await freePort());
  const admin = new Pool({ connectionString: database.adminUrl.replace(/\/postgres$/, '/planta'), max: 2 });
  const app = new Pool({ connectionString: database.url, max: 2 });
  for (const pool of [admin, app]) pool.on('error', () => undefined);
  const port = await freePort();
  const api = spawn(process.execPath, [join(root, 'api', 'dist', 'main.js')], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: database.url, JWT_SECRET: 'bench-secret-long-enough-0123456789abcdefghij' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForApi(base);
  return {
    admin,
    app,
    base,
    // For the benchmarks that watch the API process (its memory while it works).
    pid: api.pid,
    async stop() {
      api.kill('SIGTERM');
      await new Promise((done) => api.once('exit', done));
      await admin.end();
      await app.end();
      await database.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Chromium for the browser timings (playwright-core driving @sparticuz/chromium's build). */
export async function launchChromium() {
  const { default: chromium } = await import('@sparticuz/chromium');
  const { chromium: playwright } = await import('playwright-core');
  return playwright.launch({ executablePath: await chromium.executablePath(), args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

/**
 * A new browser context (empty cache: a cold load) on the portal at `base`, already signed in as
 * `email`: the shell finds the API's token where its sign-in leaves it.
 */
export async function signedInContext(browser, base, token, email) {
  const context = await browser.newContext({ baseURL: base });
  await context.addInitScript(
    ([key, value, emailKey, emailValue]) => {
      localStorage.setItem(key, value);
      localStorage.setItem(emailKey, emailValue);
    },
    ['jwt_access_token', token, 'email', email],
  );
  return context;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command (which may hold spaces and parentheses), or null once the process is gone. */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * CPU seconds (user + system) a process has used so far, with `reaped`, those of its children that
 * have ended too (0 once it is gone itself).
 */
function cpuSecondsOf(pid, reaped = false) {
  const fields = statFields(pid);
  if (!fields) return 0;
  const [user, system, childrenUser, childrenSystem] = fields.slice(11, 15).map(Number);
  return (user + system + (reaped ? childrenUser + childrenSystem : 0)) / TICKS_PER_SECOND;
}

/**
 * CPU seconds of the PostgreSQL server: its postmaster (first line of postmaster.pid) with the
 * backends it has reaped (connections closed, parallel and autovacuum workers ended), and every
 * child still running. A child's time moves from the one to the other when it ends: the sum only grows.
 */
function postgresCpuSeconds(clusterDir) {
  const postmaster = Number(readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let seconds = cpuSecondsOf(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry) && Number(statFields(entry)?.[1]) === postmaster) seconds += cpuSecondsOf(entry);
  }
  return seconds;
}

/**
 * Where a load's CPU goes, per request: the API process, PostgreSQL (all its processes) and this
 * load generator. With every part on the same cores, `cores / total` is the most requests per
 * second this machine can answer, whatever the code's waits: the ceiling a rate target is checked
 * against. Linux only (/proc); `apiPid` may be omitted for loads that do not go through the API.
 */
export function cpuMeter({ apiPid, clusterDir }) {
  const read = () => {
    const postgres = postgresCpuSeconds(clusterDir);
    const client = process.cpuUsage();
    return { api: apiPid ? cpuSecondsOf(apiPid) : 0, postgres, client: (client.user + client.system) / 1e6 };
  };
  return async function measured(work) {
    const before = read();
    const result = await work();
    const after = read();
    const perRequest = (part) => (1e6 * (after[part] - before[part])) / result.requests;
    const cpu = { api: perRequest('api'), postgres: perRequest('postgres'), client: perRequest('client') };
    const total = cpu.api + cpu.postgres + cpu.client;
    return { ...result, cpu: { ...cpu, total, ceilingRps: (1e6 * availableParallelism()) / total } };
  };
}
