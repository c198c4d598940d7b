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
//   7. and, before parts 3 to 6, Lighthouse on /login and the welcome page (bench/lighthouse.bench.mjs,
//      issue 38's targets); `--lighthouse` runs it alone, `--front --lighthouse` with parts 1 and 2;
//      BENCH_BEFORE=<checkout with its builds> puts that checkout's figures beside, same run.
// It builds nothing: run `npx nx run-many -t build` first.
import { existsSync } from 'node:fs';
import { startApi, stopApi } from './api-process.mjs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runDieshopBench } from './dieshop.bench.mjs';
import { runIndicatorsBench } from './indicators.bench.mjs';
import { runMaintenanceBench } from './maintenance.bench.mjs';
import { runLighthouseBench } from './lighthouse.bench.mjs';
import { budgetMark, launchChromium, median, overBudget, signedInContext } from './measure.mjs';
import { runProductionBench } from './production.bench.mjs';
import { runRealtimeBench } from './realtime.bench.mjs';
import { ACCOUNT, measureSizes, printSizes, REMOTES, table } from './sizes.mjs';
import { runUploadsBench } from './uploads.bench.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DIES_TITLE = 'Inventario de matrices';
/** Issue 17's time budgets (medians, ms). */
const TIME_BUDGETS_MS = { loginCold: 500, areaCold: 600, areaWarm: 300, welcomeCold: 1500, indicatorsCold: 2000 };
const INDICATORS_TITLE = 'Indicadores clave';

const REQUIRED = ['api/dist/main.js', 'shell/dist/index.html', ...REMOTES.map(({ name }) => `mfe-${name}/dist/mf-manifest.json`)];

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

/**
 * A dashboard usable: its title shown, and its widgets drawn with nothing left loading (no area
 * still loading, no widget waiting for its code or its figures).
 */
async function dashboardUsable(page, title) {
  await page.getByRole('main').getByRole('heading', { name: title, level: 1 }).waitFor({ state: 'visible' });
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return !!main && main.querySelector('[data-widget]') !== null && main.querySelector('.fui-Spinner') === null;
  });
}

/** A session token of ACCOUNT, from the API (for the loads that start signed in). */
async function accessToken(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ACCOUNT.email, password: ACCOUNT.password }),
  });
  return (await response.json()).access_token;
}

async function time(action) {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

/** The timings table; `marked` false for another build's figures (BENCH_BEFORE), shown without their budgets. */
async function measureTimings(browser, baseUrl, marked = true) {
  const runs = { baseline: [], loginCold: [], loginWarm: [], areaCold: [], areaWarm: [], welcomeCold: [], indicatorsCold: [] };
  const token = await accessToken(baseUrl);
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

    // Issue 38: from INGRESAR to a usable welcome page (a new context: nothing cached).
    const welcomeContext = await browser.newContext({ baseURL: baseUrl });
    const welcomePage = await welcomeContext.newPage();
    await welcomePage.goto('/login');
    await fillLogin(welcomePage);
    runs.welcomeCold.push(
      await time(async () => {
        await submit(welcomePage).click();
        await welcomePage.waitForURL('**/apps/dashboards/welcome');
        await dashboardUsable(welcomePage, /^¡Hola/);
      }),
    );
    await welcomeContext.close();

    // Issue 38: 'Indicadores clave' on a full load (signed in, nothing cached).
    const indicatorsContext = await signedInContext(browser, baseUrl, token, ACCOUNT.email);
    const indicatorsPage = await indicatorsContext.newPage();
    runs.indicatorsCold.push(
      await time(async () => {
        await indicatorsPage.goto('/apps/dashboards/indicators', { waitUntil: 'commit' });
        await dashboardUsable(indicatorsPage, INDICATORS_TITLE);
      }),
    );
    await indicatorsContext.close();
  }
  const row = (label, values, note, budget) => [
    label,
    ms(median(values)),
    ms(Math.min(...values)),
    ms(Math.max(...values)),
    budget === undefined || !marked ? '' : budgetMark(label, median(values), budget),
    note,
  ];
  return [
    row('baseline: bare index.html, JS off (load)', runs.baseline, 'new context, /login document only'),
    row('login page usable, cold', runs.loginCold, 'new context: goto /login → INGRESAR visible', TIME_BUDGETS_MS.loginCold),
    row('login page usable, warm', runs.loginWarm, 'same context: reload → INGRESAR visible'),
    row('first area page after login, cold', runs.areaCold, 'INGRESAR pressed → /apps/dies/all title visible', TIME_BUDGETS_MS.areaCold),
    row('first area page, warm', runs.areaWarm, 'signed in, service worker in place: reload /apps/dies/all → title visible', TIME_BUDGETS_MS.areaWarm),
    row(
      'welcome page after login, cold',
      runs.welcomeCold,
      'INGRESAR pressed → welcome page usable (widgets drawn, nothing loading)',
      TIME_BUDGETS_MS.welcomeCold,
    ),
    row("'Indicadores clave', full load", runs.indicatorsCold, 'signed in, new context: goto → widgets drawn, nothing loading', TIME_BUDGETS_MS.indicatorsCold),
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
  const only = (flag) => process.argv.includes(flag);
  if (!only('--lighthouse') || only('--front')) await frontEnd();
  // Issue 38: Lighthouse on /login and the welcome page (BENCH_BEFORE=<checkout> adds another build's figures beside).
  if (!only('--front') || only('--lighthouse')) await runLighthouseBench();
  if (!only('--front') && !only('--lighthouse')) {
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

/** Parts 1 and 2: sizes and timings, on one API. */
async function frontEnd() {
  if (process.env.BENCH_BEFORE) {
    // The same timings on another checkout's builds first (issue 38's closing note gives both, one run).
    const before = await startApi(process.env.BENCH_BEFORE);
    const browser = await launchChromium();
    try {
      const timings = await measureTimings(browser, before.baseUrl, false);
      console.log(`\nTimings of ${process.env.BENCH_BEFORE} (before; median of ${RUNS}; min and max)\n`);
      console.log(table(['measure', 'median', 'min', 'max', 'budget', 'what is timed'], timings, ['l', 'r', 'r', 'r', 'l', 'l']));
    } finally {
      await browser.close();
      await stopApi(before);
    }
  }
  console.log('Planta bench: starting the API on a fresh embedded PostgreSQL…');
  const api = await startApi(ROOT);
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
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
