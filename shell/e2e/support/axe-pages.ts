import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { type AxeViolation, describeViolations, seriousAxeViolations } from './axe';

/**
 * Issue 38: every page the browser tests open gets an axe check (serious and critical violations),
 * once per distinct (route, role) across the whole run. support/browser.ts calls `axeCheckOnce`
 * each time a test has seen a page show what it waited for (`visible`, `settle`); the first test to
 * reach a (route, role) checks it, and fails with the list of violations if there are any. The
 * menu, toolbar and footer around the pages (about two thirds of a page's elements) are checked on
 * the first page of each role and width, then left out. The record is one file per checked page in
 * a folder that global-setup makes (PLANTA_E2E_AXE_DIR), so every spec file of the run shares it;
 * global-teardown prints how many pages were checked and how long it took.
 */

/** The route a URL shows: ids and tokens in the path as placeholders, the query's names without values. */
export function routeOf(url: string): string {
  const { pathname, searchParams } = new URL(url);
  const path = pathname
    .split('/')
    .map((segment) => {
      if (/^\d+$/.test(segment) || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment)) return ':id';
      // A share link's or a record's token: long, with digits, no words joined by hyphens.
      if (segment.length >= 16 && /\d/.test(segment) && !/^[a-z]+(-[a-z]+)+$/.test(segment)) return ':token';
      return segment;
    })
    .join('/');
  const names = [...new Set(searchParams.keys())].sort();
  return names.length > 0 ? `${path}?${names.join('&')}` : path;
}

/** The signed-in roles as the stored session token says ('anonymous' without one). */
async function roleOf(page: Page): Promise<string> {
  const roles = await page.evaluate(() => {
    const raw = localStorage.getItem('jwt_access_token');
    if (!raw) return [];
    const token = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
    try {
      const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { roles?: string[] };
      return payload.roles ?? [];
    } catch {
      return ['(unreadable token)'];
    }
  });
  return roles.length > 0 ? [...roles].sort().join('+') : 'anonymous';
}

export interface AxePageRecord {
  key: string;
  test: string;
  ms: number;
  violations: string[];
}

const recordDir = () => process.env.PLANTA_E2E_AXE_DIR;
const recordFile = (dir: string, key: string) => join(dir, `${createHash('sha1').update(key).digest('hex')}.json`);

/** Claims the (route, role) for this test; false when another test of the run checked it already. */
function claim(dir: string, key: string): boolean {
  try {
    writeFileSync(recordFile(dir, key), JSON.stringify({ key, test: 'checking', ms: 0, violations: [] }), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Forgets a (route, role), so that the next visit checks it again (the check's own test uses it). */
export function forgetAxePage(key: string): void {
  const dir = recordDir();
  if (dir) rmSync(recordFile(dir, key), { force: true });
}

/**
 * Waits (briefly) for the page to be still: no spinner on screen and no finite animation running
 * (a dialog fading in would show axe half-transparent text), so the check sees what a person sees.
 */
async function untilStill(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
    const spinning = () => [...document.querySelectorAll('.fui-Spinner')].some((spinner) => spinner.getClientRects().length > 0);
    for (const deadline = performance.now() + 3_000; spinning() && performance.now() < deadline;) await pause(100);
    const finite = document
      .getAnimations()
      .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))), pause(1_000)]);
  });
}

/** The portal's chrome: the navigation, toolbar and footer landmarks around the page's <main>. */
const CHROME = '[data-axe-chrome]';

/**
 * Marks the chrome, when this (role, width) has had its chrome checked already: the same menu,
 * toolbar and footer around every page, most of a page's elements (about two thirds), checked
 * again on every page would double what the check costs.
 */
async function chromeToSkip(page: Page, dir: string, role: string): Promise<string[]> {
  const chrome = (mark: boolean) =>
    page.evaluate((mark) => {
      const main = document.querySelector('main');
      const parts = [...document.querySelectorAll('nav, header, footer')].filter((element) => !main || (!main.contains(element) && !element.contains(main)));
      if (mark) parts.forEach((element) => element.setAttribute('data-axe-chrome', ''));
      return parts.length;
    }, mark);
  // A page without the chrome (sign-in, share links) leaves it to the first page that has it.
  if ((await chrome(false)) === 0 || claim(dir, `(the chrome) as ${role} at ${page.viewportSize()?.width ?? 0} px`)) return [];
  await chrome(true);
  return [CHROME];
}

/**
 * The violations axe finds twice: a page that changes while axe reads it (a button enabled as its
 * data arrives) can show axe a mix of two states; a real fault is there on a second look. The
 * second run costs nothing when the first finds nothing.
 */
async function confirmedViolations(page: Page, exclude: string[]): Promise<AxeViolation[]> {
  const first = await seriousAxeViolations(page, undefined, exclude);
  if (first.length === 0) return first;
  await new Promise((done) => setTimeout(done, 500));
  const again = await seriousAxeViolations(page, undefined, exclude);
  const seen = new Set(first.flatMap((violation) => violation.nodes.map((node) => `${violation.id} ${node.target.join(' ')}`)));
  return again
    .map((violation) => ({ ...violation, nodes: violation.nodes.filter((node) => seen.has(`${violation.id} ${node.target.join(' ')}`)) }))
    .filter((violation) => violation.nodes.length > 0);
}

/** A page that navigated away or closed during the check: nothing to report, the next visit checks it. */
const gone = (error: unknown) => /Execution context was destroyed|Target (page, context or browser )?(has been )?closed|navigat/i.test(String(error));

/**
 * Checks the page with axe if no test of this run has checked its (route, role) yet; fails with the
 * violations when there are any. Pages outside the portal (the API's JSON, about:blank) are skipped.
 */
export async function axeCheckOnce(page: Page): Promise<void> {
  const dir = recordDir();
  if (!dir || page.isClosed()) return;
  const url = page.url();
  if (!/^https?:/.test(url) || /^\/(api|socket\.io)\//.test(new URL(url).pathname)) return;
  let role: string;
  try {
    role = await roleOf(page);
  } catch (error) {
    if (gone(error)) return;
    throw error;
  }
  const key = `${routeOf(url)} as ${role}`;
  if (!claim(dir, key)) return;
  const started = Date.now();
  let report: string[];
  try {
    await untilStill(page);
    report = describeViolations(await confirmedViolations(page, await chromeToSkip(page, dir, role)));
  } catch (error) {
    forgetAxePage(key);
    if (gone(error)) return;
    throw error;
  }
  const record: AxePageRecord = { key, test: expect.getState().currentTestName ?? '(outside a test)', ms: Date.now() - started, violations: report };
  writeFileSync(recordFile(dir, key), JSON.stringify(record));
  if (report.length > 0) {
    throw new Error(`axe: serious or critical violations on ${key} (${url}), the first time a browser test opened it:\n${report.join('\n')}`);
  }
}

/** The folder global-setup makes for the run's record. */
export function startAxeRecord(parent: string): string {
  const dir = join(parent, 'axe-pages');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** What the run's check covered and cost, for global-teardown's summary. */
export function axeRecordSummary(dir: string): string {
  const records = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as AxePageRecord)
    .filter((record) => !record.key.startsWith('(the chrome)'));
  const seconds = records.reduce((sum, record) => sum + record.ms, 0) / 1000;
  const failing = records.filter((record) => record.violations.length > 0);
  const roles = new Set(records.map((record) => record.key.split(' as ')[1]));
  const routes = new Set(records.map((record) => record.key.split(' as ')[0]));
  return [
    `axe: ${records.length} pages checked (${routes.size} routes × ${roles.size} roles), ${seconds.toFixed(1)} s in all` +
      (failing.length > 0 ? `; ${failing.length} with violations: ${failing.map((record) => record.key).join(', ')}` : ''),
    ...(process.env.PLANTA_E2E_AXE_LIST ? records.map((record) => `  ${record.key}  ${record.ms} ms  (${record.test})`).sort() : []),
  ].join('\n');
}
