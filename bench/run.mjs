#!/usr/bin/env node
// Planta front-end benchmark (`npm run bench`; not part of `npm test`).
//
// Against the production builds served by the built API (as `npm start` serves them), on a fresh
// embedded PostgreSQL with the demo seed:
//   1. initial JavaScript: the shell (scripts of shell/dist/index.html, then everything the login
//      page loads) and, per remote, the JS under /mfe/<name>/ loaded up to its first page;
//      raw and gzip (node:zlib, level 9) bytes;
//   2. timings in Chromium: login page usable (INGRESAR visible) and first area page after sign-in
//      (/apps/dies/all title visible), cold (new context, empty cache) and warm (same context,
//      reload); median of RUNS runs, against a named baseline measured in the same run (the bare
//      index.html with JavaScript off);
//   3. then the realtime tables of bench/realtime.bench.mjs (its own database and API processes).
//   4. then the production, maintenance and die-shop tables of bench/production.bench.mjs,
//      bench/maintenance.bench.mjs and bench/dieshop.bench.mjs (each on its own database and API);
//   5. then the indicators' table of bench/indicators.bench.mjs (one year of one company: the
//      indicators for a month and a year beside plain pg, and the indicators page in the browser);
//   6. then the upload agent's table of bench/uploads.bench.mjs (upload to draft, and memory).
// It builds nothing: run `npx nx run-many -t build` first.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from './ports.mjs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { runDieshopBench } from './dieshop.bench.mjs';
import { runIndicatorsBench } from './indicators.bench.mjs';
import { runMaintenanceBench } from './maintenance.bench.mjs';
import { launchChromium, median } from './measure.mjs';
import { runProductionBench } from './production.bench.mjs';
import { runRealtimeBench } from './realtime.bench.mjs';
import { runUploadsBench } from './uploads.bench.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ACCOUNT = { email: 'admin@norte.example', password: 'Planta2026!' };
const DIES_TITLE = 'Inventario de matrices';

/** Each remote's first page: where its area opens, visited by an admin (who may see every area). */
const REMOTES = [
  { name: 'auth', route: '/login', signedIn: false },
  { name: 'production', route: '/apps/extrusion-line/all', signedIn: true },
  { name: 'maintenance', route: '/apps/maintenance-dashboard/all', signedIn: true },
  { name: 'dieshop', route: '/apps/dies/all', signedIn: true },
  { name: 'admin', route: '/apps/company/all', signedIn: true },
];

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

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => `${Math.round(value)} ms`;

function table(headers, rows, align) {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells) =>
    cells.map((cell, column) => (align[column] === 'r' ? String(cell).padStart(widths[column]) : String(cell).padEnd(widths[column]))).join('  ');
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].map((text) => text.trimEnd()).join('\n');
}

const sizeOf = (buffer) => ({ raw: buffer.length, gzip: gzipSync(buffer, { level: 9 }).length });
const sum = (files) => files.reduce((total, file) => ({ raw: total.raw + file.raw, gzip: total.gzip + file.gzip }), { raw: 0, gzip: 0 });

/** The JS files the shell's index.html references, read from shell/dist. */
function indexScripts() {
  const html = readFileSync(join(ROOT, 'shell', 'dist', 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => {
    const path = new URL(match[1], 'http://x/').pathname;
    return { path, ...sizeOf(readFileSync(join(ROOT, 'shell', 'dist', path))) };
  });
}

/** Records the JS responses of a context (body sizes), optionally only under a path prefix. */
function recordScripts(context, prefix = '/') {
  const files = new Map();
  const pending = [];
  context.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith(prefix) || !url.pathname.endsWith('.js') || response.status() !== 200) return;
    pending.push(
      response
        .body()
        .then((body) => files.set(url.pathname, { path: url.pathname, ...sizeOf(body) }))
        .catch(() => undefined),
    );
  });
  return async () => {
    await Promise.all(pending);
    return [...files.values()];
  };
}

const settle = (page) => page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
const submit = (page) => page.getByRole('button', { name: 'INGRESAR' });
const areaTitle = (page, title) =>
  page
    .getByRole('main')
    .getByRole('heading', { name: title })
    .or(page.getByRole('main').getByRole('region', { name: title }))
    .first();
/** The first area page, whatever its title: a heading or a landing region in main, or an error card. */
const areaReady = (page) => page.getByRole('main').getByRole('heading').or(page.getByRole('main').getByRole('region')).or(page.getByRole('alert')).first();

async function fillLogin(page) {
  await page.getByRole('textbox', { name: 'Correo' }).fill(ACCOUNT.email);
  await page.getByRole('textbox', { name: 'Contraseña' }).fill(ACCOUNT.password);
  await page.waitForFunction(() => [...document.querySelectorAll('button')].some((button) => button.textContent?.trim() === 'INGRESAR' && !button.disabled));
}

async function login(page) {
  await page.goto('/login');
  await fillLogin(page);
  await submit(page).click();
  await page.waitForURL('**/apps/dashboards/welcome');
}

// ---------------------------------------------------------------- measurements

async function measureSizes(browser, baseUrl) {
  const rows = [];
  const index = indexScripts();
  const indexTotal = sum(index);
  rows.push(['shell: index.html scripts', index.length, kb(indexTotal.raw), kb(indexTotal.gzip)]);

  // Everything the login page loads (cold), split into the shell's own files and the auth remote's.
  const context = await browser.newContext({ baseURL: baseUrl });
  const collect = recordScripts(context);
  const page = await context.newPage();
  await page.goto('/login');
  await submit(page).waitFor({ state: 'visible' });
  await settle(page);
  const loaded = await collect();
  await context.close();
  const shellFiles = loaded.filter((file) => !file.path.startsWith('/mfe/'));
  const shellTotal = sum(shellFiles);
  rows.push(['shell: all shell JS on /login', shellFiles.length, kb(shellTotal.raw), kb(shellTotal.gzip)]);
  const loginTotal = sum(loaded);
  rows.push(['login page: all JS (shell + remotes)', loaded.length, kb(loginTotal.raw), kb(loginTotal.gzip)]);

  for (const remote of REMOTES) {
    const remoteContext = await browser.newContext({ baseURL: baseUrl });
    const collectRemote = recordScripts(remoteContext, `/mfe/${remote.name}/`);
    const remotePage = await remoteContext.newPage();
    if (remote.signedIn) {
      await login(remotePage);
      await remotePage.goto(remote.route);
      await areaReady(remotePage).waitFor({ state: 'visible' });
    } else {
      await remotePage.goto(remote.route);
      await submit(remotePage).waitFor({ state: 'visible' });
    }
    await settle(remotePage);
    const files = await collectRemote();
    await remoteContext.close();
    const total = sum(files);
    const entry = files.find((file) => /remoteEntry/.test(file.path));
    rows.push([
      `mfe-${remote.name}: ${remote.route}`,
      files.length,
      kb(total.raw),
      kb(total.gzip),
      entry ? `remoteEntry ${kb(entry.raw)} / ${kb(entry.gzip)} gz` : '',
    ]);
  }
  return rows.map((row) => (row.length === 4 ? [...row, ''] : row));
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
    // signed in, reloads the die list.
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
    runs.areaWarm.push(
      await time(async () => {
        await areaPage.reload({ waitUntil: 'commit' });
        await areaTitle(areaPage, DIES_TITLE).waitFor({ state: 'visible' });
      }),
    );
    await areaContext.close();
  }
  const row = (label, values, note) => [label, ms(median(values)), ms(Math.min(...values)), ms(Math.max(...values)), note];
  return [
    row('baseline: bare index.html, JS off (load)', runs.baseline, 'new context, /login document only'),
    row('login page usable, cold', runs.loginCold, 'new context: goto /login → INGRESAR visible'),
    row('login page usable, warm', runs.loginWarm, 'same context: reload → INGRESAR visible'),
    row('first area page after login, cold', runs.areaCold, 'INGRESAR pressed → /apps/dies/all title visible'),
    row('first area page, warm', runs.areaWarm, 'signed in, reload /apps/dies/all → title visible'),
  ];
}

// ---------------------------------------------------------------- main

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

    const sizes = await measureSizes(browser, api.baseUrl);
    console.log('Initial JavaScript (responses recorded in the browser; gzip = node:zlib level 9)\n');
    console.log(table(['what', 'files', 'raw', 'gzip', 'of which'], sizes, ['l', 'r', 'r', 'r', 'l']));

    const timings = await measureTimings(browser, api.baseUrl);
    console.log(`\nTimings (median of ${RUNS}; min and max)\n`);
    console.log(table(['measure', 'median', 'min', 'max', 'what is timed'], timings, ['l', 'r', 'r', 'r', 'l']));
  } finally {
    await browser?.close();
    await stopApi(api);
  }
  await runRealtimeBench();
  await runProductionBench();
  await runMaintenanceBench();
  await runDieshopBench();
  await runIndicatorsBench();
  await runUploadsBench();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
