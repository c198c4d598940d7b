#!/usr/bin/env node
// What a page's JavaScript is made of: the gzip size of every file the page loads, split by the
// package (or workspace lib, or app folder) its code comes from, read from the source maps. The
// tool for deciding what to cut when a size budget of bench/sizes.mjs is exceeded.
//
//   node bench/composition.mjs --base-url http://127.0.0.1:3000 [--route /login] [--only /mfe/] [--except /mfe/] [--top 40] [--by-source]
// A route other than /login is opened signed in (bench/sizes.mjs ACCOUNT). --only/--except keep
// or drop the files whose path starts with the prefix (the shell's own: --except /mfe/).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { launchChromium } from './measure.mjs';
import { charactersBySource, distFile, kb, signIn, table } from './sizes.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : process.argv[at + 1];
};

/** package name, workspace lib or app folder a source of a map belongs to (with --by-source, the source file itself) */
function groupOf(source) {
  if (process.argv.includes('--by-source')) return source.replace(/^webpack:\/\/[^/]*\//, '').slice(0, 100);
  const pkg = source.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  const local = source.match(/(libs\/[^/]+|[a-z-]+\/src\/[^/]+)/);
  return local ? local[1] : '(bundler runtime)';
}

async function loadedScripts(baseUrl, route) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    if (route !== '/login') await signIn(page);
    const paths = new Set();
    context.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js') && response.status() < 400) paths.add(url.pathname);
    });
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    return [...paths];
  } finally {
    await browser.close();
  }
}

async function main() {
  const baseUrl = option('base-url');
  if (!baseUrl) {
    console.error(
      'usage: node bench/composition.mjs --base-url http://127.0.0.1:3000 [--route /login] [--only /mfe/] [--except /mfe/] [--top 40] [--by-source]',
    );
    process.exit(2);
  }
  const [route, only, except, top] = [option('route', '/login'), option('only'), option('except'), Number(option('top', 40))];
  const paths = (await loadedScripts(baseUrl, route)).filter((path) => (!only || path.startsWith(only)) && (!except || !path.startsWith(except)));
  const groups = new Map();
  const add = (group, gzip) => groups.set(group, (groups.get(group) ?? 0) + gzip);
  let total = 0;
  for (const path of paths) {
    const file = distFile(path);
    const code = readFileSync(file, 'utf8');
    const gzip = gzipSync(code, { level: 9 }).length;
    total += gzip;
    let map;
    try {
      map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
    } catch {
      add(`(no source map) ${path}`, gzip);
      continue;
    }
    // Each source gets the share of the file's gzip that its characters have of the file.
    const counts = charactersBySource(code, map);
    map.sources.forEach((source, index) => add(groupOf(source), (gzip * counts[index]) / code.length));
    add('(not mapped)', (gzip * (code.length - counts.reduce((sum, count) => sum + count, 0))) / code.length);
  }
  console.log(`${route}: ${paths.length} files, ${kb(total)} gzip${only ? ` under ${only}` : ''}${except ? ` outside ${except}` : ''}\n`);
  const rows = [...groups].sort((a, b) => b[1] - a[1]).slice(0, top);
  console.log(
    table(
      ['from', 'gzip'],
      rows.map(([group, gzip]) => [group, kb(gzip)]),
      ['l', 'r'],
    ),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
