#!/usr/bin/env node
// The Lighthouse part of `npm run bench` (issue 38): Lighthouse 12 with its desktop preset on the
// sign-in page and on the welcome page of a signed-in plant manager, against the production builds
// served by the built API, in the Chromium the project ships (@sparticuz/chromium, driven by
// playwright-core; Lighthouse talks to it on its remote-debugging port).
//
// Each page is audited cold: /login with Lighthouse's own storage reset; the welcome page after
// signing in through the real form in the same browser profile, then emptying the HTTP cache, the
// service worker and its caches (not the session), so the load is a signed-in user's full load.
//
// With BENCH_BEFORE=<checkout> (a worktree of an older commit with its builds in place), the same
// audits run on that checkout's builds first, and the table puts before and after side by side.
//   node bench/lighthouse.bench.mjs            (or npm run bench -- --lighthouse)
//   node bench/lighthouse.bench.mjs --base-url http://127.0.0.1:3000   (the floor `npm test` enforces)
// BENCH_LIGHTHOUSE_RUNS (default 3) audits per page and checkout; medians are shown.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApi, stopApi } from './api-process.mjs';
import { budgetMark, median, targetMark } from './measure.mjs';
import { freePort } from './ports.mjs';
import { ACCOUNT, table } from './sizes.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
export const WELCOME = '/apps/dashboards/welcome';

/** Issue 38's targets: Performance and Accessibility scores (at least), TBT and scripts (at most). */
export const LIGHTHOUSE_TARGETS = {
  '/login': { performance: 90, accessibility: 100 },
  [WELCOME]: { performance: 80, accessibility: 100, tbtMs: 600, scripts: 35 },
};

/** Chromium with a profile of its own and a remote-debugging port Lighthouse can attach to. */
export async function launchDebuggableChromium() {
  const { default: chromium } = await import('@sparticuz/chromium');
  const { chromium: playwright } = await import('playwright-core');
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'planta-lighthouse-'));
  const context = await playwright.launchPersistentContext(profile, {
    executablePath: await chromium.executablePath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', `--remote-debugging-port=${port}`],
    viewport: null,
  });
  return {
    context,
    port,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Signs the profile in through the real form, as the account in ACCOUNT (the plant's admin: the full dashboard). */
export async function signInProfile(context, baseUrl, account = ACCOUNT) {
  const page = await context.newPage();
  // A busy machine may take a while to draw the form: its load is not what is measured here.
  page.setDefaultTimeout(120_000);
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('textbox', { name: 'Correo' }).fill(account.email);
  await page.getByRole('textbox', { name: 'Contraseña' }).fill(account.password);
  await page.getByRole('button', { name: 'INGRESAR' }).click();
  await page.waitForURL(`**${WELCOME}`);
  // The next load starts cold: no HTTP cache, no service worker or its caches; the session (local storage) stays.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseUrl).origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.detach();
  await page.close();
}

/** One Lighthouse audit (desktop preset) of `url` in the browser on `port`; the figures the bench reports. */
export async function audit(url, port, { keepStorage = false } = {}) {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', disableStorageReset: keepStorage, onlyCategories: ['performance', 'accessibility'] },
    desktopConfig,
  );
  const { audits, categories, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const requests = audits['network-requests'].details.items;
  const bootup = audits['bootup-time'].details?.items ?? [];
  const slowest = [...bootup].sort((a, b) => b.scripting - a.scripting)[0];
  return {
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    tbtMs: audits['total-blocking-time'].numericValue,
    ttiMs: audits.interactive.numericValue,
    mainThreadMs: audits['mainthread-work-breakdown'].numericValue,
    requests: requests.length,
    scripts: requests.filter((request) => request.resourceType === 'Script').length,
    slowestScript: slowest ? `${new URL(slowest.url).pathname} ${Math.round(slowest.scripting)} ms` : '',
    failedA11y: Object.values(result.lhr.categories.accessibility.auditRefs)
      .map((ref) => audits[ref.id])
      .filter((item) => item.score === 0)
      .map((item) => item.id),
  };
}

/** RUNS audits of /login and of the welcome page on the builds of the checkout at `root`; medians per page. */
export async function auditCheckout(root) {
  const api = await startApi(root);
  const browser = await launchDebuggableChromium();
  const results = { '/login': [], [WELCOME]: [] };
  try {
    for (let run = 0; run < RUNS; run += 1) {
      results['/login'].push(await audit(`${api.baseUrl}/login`, browser.port));
      await signInProfile(browser.context, api.baseUrl);
      results[WELCOME].push(await audit(`${api.baseUrl}${WELCOME}`, browser.port, { keepStorage: true }));
    }
  } finally {
    await browser.close();
    await stopApi(api);
  }
  return Object.fromEntries(Object.entries(results).map(([page, runs]) => [page, summarize(runs)]));
}

const MEASURES = ['performance', 'accessibility', 'tbtMs', 'ttiMs', 'mainThreadMs', 'scripts', 'requests'];

/** Medians of each figure over the runs (and the last run's slowest script and failed accessibility audits). */
function summarize(runs) {
  const medians = Object.fromEntries(MEASURES.map((measure) => [measure, median(runs.map((run) => run[measure]))]));
  const last = runs.at(-1);
  return { ...medians, slowestScript: last.slowestScript, failedA11y: last.failedA11y, all: runs };
}

const LABELS = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  tbtMs: 'Total Blocking Time (ms)',
  ttiMs: 'Time to Interactive (ms)',
  mainThreadMs: 'main-thread work (ms)',
  scripts: 'scripts requested',
  requests: 'requests',
};

/** The mark of a figure against issue 38's target for that page, or '' when it has none. */
function mark(page, measure, value) {
  const target = LIGHTHOUSE_TARGETS[page];
  const label = `Lighthouse ${page} ${LABELS[measure]}`;
  if (measure === 'performance' || measure === 'accessibility') return target[measure] === undefined ? '' : targetMark(label, value, target[measure], '');
  if (measure === 'tbtMs' && target.tbtMs !== undefined) return budgetMark(label, value, target.tbtMs);
  if (measure === 'scripts' && target.scripts !== undefined) return budgetMark(label, value, target.scripts, 'scripts');
  return '';
}

const figure = (measure, value) => (value === undefined ? '' : measure.endsWith('Ms') ? String(Math.round(value)) : String(value));

/** Audits this checkout (and BENCH_BEFORE's first, when set) and prints the table; budgets are marked on this checkout's figures. */
export async function runLighthouseBench() {
  const before = process.env.BENCH_BEFORE ? await auditCheckout(process.env.BENCH_BEFORE) : null;
  const after = await auditCheckout(ROOT);
  const rows = [];
  for (const page of Object.keys(after)) {
    for (const measure of MEASURES) {
      const value = after[page][measure];
      rows.push([page, LABELS[measure], figure(measure, before?.[page][measure]), figure(measure, value), mark(page, measure, value)]);
    }
  }
  console.log(
    `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, desktop preset (median of ${RUNS} per page; cold loads, the welcome page signed in as ${ACCOUNT.email})\n`,
  );
  console.log(table(['page', 'measure', before ? `before (${process.env.BENCH_BEFORE})` : 'before', 'now', 'target'], rows, ['l', 'l', 'r', 'r', 'l']));
  for (const page of Object.keys(after)) {
    console.log(`${page}: slowest script to evaluate ${after[page].slowestScript}${before ? ` (before: ${before[page].slowestScript})` : ''}`);
    if (after[page].failedA11y.length > 0) console.log(`${page}: accessibility audits failed: ${after[page].failedA11y.join(', ')}`);
  }
  return { before, after };
}

/**
 * The floor `npm test` enforces (shell/e2e/src/bundle-budget.e2e-spec.ts): one audit per page on
 * the portal under test, below issue 38's targets by the headroom a busy 2-core CI runner needs
 * (scores move with the machine's load); the scripts requested do not, and are held close.
 */
export const LIGHTHOUSE_FLOORS = {
  // Scripts: 8 since the host bundles the shared modules every page runs (28 before).
  '/login': { performance: 30, accessibility: 100, scripts: 12 },
  // Scripts: 49 to 51 (66 to 94 before one copy of zod, the host's eager shared modules and one
  // Fluent UI file per app; fewer when the areas' widget chunks land after Lighthouse's window).
  [WELCOME]: { performance: 25, accessibility: 100, scripts: 60 },
};

/** One audit of each page of the portal at `baseUrl` against LIGHTHOUSE_FLOORS; the lines below a floor. */
export async function checkFloors(baseUrl) {
  const browser = await launchDebuggableChromium();
  const failures = [];
  try {
    const results = { '/login': await audit(`${baseUrl}/login`, browser.port) };
    await signInProfile(browser.context, baseUrl);
    results[WELCOME] = await audit(`${baseUrl}${WELCOME}`, browser.port, { keepStorage: true });
    for (const [page, floor] of Object.entries(LIGHTHOUSE_FLOORS)) {
      const result = results[page];
      console.log(
        `${page}: Performance ${result.performance} (floor ${floor.performance}), Accessibility ${result.accessibility} (floor ${floor.accessibility}), ` +
          `scripts ${result.scripts} (at most ${floor.scripts}), TBT ${Math.round(result.tbtMs)} ms, ${result.requests} requests` +
          (result.failedA11y.length > 0 ? `; accessibility audits failed: ${result.failedA11y.join(', ')}` : ''),
      );
      if (result.performance < floor.performance) failures.push(`${page}: Performance ${result.performance} < ${floor.performance}`);
      if (result.accessibility < floor.accessibility) failures.push(`${page}: Accessibility ${result.accessibility} < ${floor.accessibility}`);
      if (result.scripts > floor.scripts) failures.push(`${page}: ${result.scripts} scripts requested > ${floor.scripts}`);
    }
  } finally {
    await browser.close();
  }
  return failures;
}

const at = process.argv.indexOf('--base-url');
if (process.argv[1] === fileURLToPath(import.meta.url) && at >= 0) {
  checkFloors(process.argv[at + 1])
    .then((failures) => {
      for (const line of failures) console.log(`BELOW FLOOR: ${line}`);
      if (failures.length > 0) process.exitCode = 1;
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runLighthouseBench()
    .then(async () => {
      const { overBudget } = await import('./measure.mjs');
      for (const line of overBudget) console.log(`OVER BUDGET: ${line}`);
      if (overBudget.length > 0) process.exitCode = 1;
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
