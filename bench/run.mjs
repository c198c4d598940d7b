#!/usr/bin/env node
// Planta front-end benchmark (`npm run bench`; not part of `npm test`).
//
// Against the production builds served by the built API (as `npm start` serves them), on a fresh
// embedded PostgreSQL with the demo seed:
//   1. initial JavaScript against its budgets (bench/sizes.mjs, which `npm test` also runs): the
//      shell's and the whole login page's, and each remote's up to its first page;
//   2. timings in Chromium against their budgets: login page usable (INGRESAR visible) and first
//      area page after sign-in (/apps/dies/all title visible), cold (new context, empty cache) and
//      warm (same context, reload); median of RUNS runs, beside a named baseline measured in the
//      same run (the bare index.html with JavaScript off);
//   3. then the realtime tables of bench/realtime.bench.mjs (its own database and API processes).
//   4. then the production, maintenance and die-shop tables of bench/production.bench.mjs,
//      bench/maintenance.bench.mjs and bench/dieshop.bench.mjs (each on its own database and API);
//   5. then the indicators' table of bench/indicators.bench.mjs (one year of one company: the
//      indicators for a month and a year beside plain pg, and the indicators page in the browser);
//   6. then the upload agent's table of bench/uploads.bench.mjs (upload to draft, and memory).
// Every budget exceeded is marked OVER BUDGET in its table, listed again at the end, and makes the
// run exit with 1. `npm run bench -- --front` runs parts 1 and 2 only.
// It builds nothing: run `npx nx run-many -t build` first.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { freePort } from './ports.mjs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runDieshopBench } from './dieshop.bench.mjs';
import { runIndicatorsBench } from './indicators.bench.mjs';
import { runMaintenanceBench } from './maintenance.bench.mjs';
import { budgetMark, launchChromium, median, overBudget } from './measure.mjs';
import { runProductionBench } from './production.bench.mjs';
import { runRealtimeBench } from './realtime.bench.mjs';
import { ACCOUNT, measureSizes, printSizes, REMOTES, table } from './sizes.mjs';
import { runUploadsBench } from './uploads.bench.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DIES_TITLE = 'Inventario de matrices';
/** Issue 17's time budgets (medians, ms). */
const TIME_BUDGETS_MS = { loginCold: 500, areaCold: 600, areaWarm: 300 };

const REQUIRED = ['api/dist/main.js', 'shell/dist/index.html', ...REMOTES.map(({ name }) => `mfe-${name}/dist/mf-manifest.json`)];

// ---------------------------------------------------------------- API process

async function startApi() {
  const dataDir = mkdtempSync('/var/tmp/planta-bench-');
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const pgPort = await freePort();
  // From api/dist as `./main.js` under its own name, so that a `pkill -f api/dist/main.js` meant
  // for someone's `npm start` does not stop this run.
  const child = spawn(process.execPath, ['./main.js'], {
    cwd: join(ROOT, 'api', 'dist'),
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

async function stopApi(api) {
  if (api.child.exitCode === null && api.child.signalCode === null) {
    api.child.kill('SIGTERM');
    const timer = setTimeout(() => api.child.kill('SIGKILL'), 30_000);
    await api.exited;
    clearTimeout(timer);
  }
  rmSync(api.dataDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------- helpers

const ms = (value) => `${Math.round(value)} ms`;

const settle = (page) => page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
const submit = (page) => page.getByRole('button', { name: 'INGRESAR' });
const areaTitle = (page, title) =>
  page
    .getByRole('main')
    .getByRole('heading', { name: title })
    .or(page.getByRole('main').getByRole('region', { name: title }))
    .first();

/** Fills the sign-in form as a person would (typing), which also lets the portal load what comes next. */
async function fillLogin(page) {
  await page.getByRole('textbox', { name: 'Correo' }).fill(ACCOUNT.email);
  await page.getByRole('textbox', { name: 'Contraseña' }).fill(ACCOUNT.password);
  await page.waitForFunction(() => [...document.querySelectorAll('button')].some((button) => button.textContent?.trim() === 'INGRESAR' && !button.disabled));
}

async function time(action) {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

async function measureTimings(browser, baseUrl) {
  const runs = { baseline: [], loginCold: [], loginWarm: [], areaCold: [], areaWarm: [] };
  for (let run = 0; run < RUNS; run += 1) {
    // Baseline: the bare document (index.html, no JavaScript) in a new context.
    const bare = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    const barePage = await bare.newPage();
    runs.baseline.push(await time(() => barePage.goto('/login', { waitUntil: 'load' })));
    await bare.close();

    // Login page usable: cold (new context), then warm (same context, reload).
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    runs.loginCold.push(
      await time(async () => {
        await page.goto('/login', { waitUntil: 'commit' });
        await submit(page).waitFor({ state: 'visible' });
      }),
    );
    await settle(page);
    runs.loginWarm.push(
      await time(async () => {
        await page.reload({ waitUntil: 'commit' });
        await submit(page).waitFor({ state: 'visible' });
      }),
    );
    await context.close();

    // First area page after sign-in: cold = a new context opens /apps/dies/all, is sent to /login,
    // signs in (timed from pressing INGRESAR) and comes back to the die list; warm = same context,
    // signed in, reloads the die list once the service worker is in place (after one reload).
    const areaContext = await browser.newContext({ baseURL: baseUrl });
    const areaPage = await areaContext.newPage();
    await areaPage.goto('/apps/dies/all');
    await areaPage.waitForURL('**/login');
    await fillLogin(areaPage);
    runs.areaCold.push(
      await time(async () => {
        await submit(areaPage).click();
        await areaTitle(areaPage, DIES_TITLE).waitFor({ state: 'visible' });
      }),
    );
    await settle(areaPage);
    // A returning user: the portal's service worker, registered on the first visit, is in place.
    await areaPage.reload();
    await areaTitle(areaPage, DIES_TITLE).waitFor({ state: 'visible' });
    await settle(areaPage);
    runs.areaWarm.push(
      await time(async () => {
        await areaPage.reload({ waitUntil: 'commit' });
        await areaTitle(areaPage, DIES_TITLE).waitFor({ state: 'visible' });
      }),
    );
    await areaContext.close();
  }
  const row = (label, values, note, budget) => [
    label,
    ms(median(values)),
    ms(Math.min(...values)),
    ms(Math.max(...values)),
    budget === undefined ? '' : budgetMark(label, median(values), budget),
    note,
  ];
  return [
    row('baseline: bare index.html, JS off (load)', runs.baseline, 'new context, /login document only'),
    row('login page usable, cold', runs.loginCold, 'new context: goto /login → INGRESAR visible', TIME_BUDGETS_MS.loginCold),
    row('login page usable, warm', runs.loginWarm, 'same context: reload → INGRESAR visible'),
    row('first area page after login, cold', runs.areaCold, 'INGRESAR pressed → /apps/dies/all title visible', TIME_BUDGETS_MS.areaCold),
    row('first area page, warm', runs.areaWarm, 'signed in, service worker in place: reload /apps/dies/all → title visible', TIME_BUDGETS_MS.areaWarm),
  ];
}

// ---------------------------------------------------------------- main

let lastSizes = null;

async function main() {
  const missing = REQUIRED.filter((file) => !existsSync(join(ROOT, file)));
  if (missing.length > 0) {
    console.error(`bench: the builds are missing (${missing.join(', ')}).\nBuild first: npx nx run-many -t build   (or npm run build), then npm run bench.`);
    process.exit(1);
  }
  console.log('Planta bench: starting the API on a fresh embedded PostgreSQL…');
  const api = await startApi();
  let browser;
  try {
    browser = await launchChromium();
    console.log(`API on ${api.baseUrl}; Chromium ${browser.version()}; ${RUNS} runs per timing.\n`);

    lastSizes = await measureSizes(browser, api.baseUrl);
    printSizes(lastSizes);

    const timings = await measureTimings(browser, api.baseUrl);
    console.log(`\nTimings (median of ${RUNS}; min and max)\n`);
    console.log(table(['measure', 'median', 'min', 'max', 'budget', 'what is timed'], timings, ['l', 'r', 'r', 'r', 'l', 'l']));
  } finally {
    await browser?.close();
    await stopApi(api);
  }
  if (!process.argv.includes('--front')) {
    await runRealtimeBench();
    await runProductionBench();
    await runMaintenanceBench();
    await runDieshopBench();
    await runIndicatorsBench();
    await runUploadsBench();
  }
  const sizesOver = lastSizes?.over ?? [];
  const over = [...sizesOver, ...overBudget];
  if (over.length > 0) {
    console.log(`\n${over.length} budget(s) exceeded:`);
    for (const line of over) console.log(`OVER BUDGET: ${line}`);
    process.exitCode = 1;
  } else console.log('\nEvery budget met.');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
