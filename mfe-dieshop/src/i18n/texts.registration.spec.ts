import * as fs from 'node:fs';
import * as path from 'node:path';
import { getI18n, LANGUAGE_CODES } from '@planta/i18n';
import { DIESHOP_TEXTS, SHARED_TEXTS } from './texts.catalogue';

/**
 * Each page registers only the texts it shows (so that its chunk carries only those): the first
 * page is loaded into a fresh module registry to read which texts files the 'dieshop' namespace
 * then holds, and every module naming a screen's keys must register that screen's file itself.
 */
type TextsName = keyof typeof DIESHOP_TEXTS;
const NS = 'dieshop';
const SRC = path.join(__dirname, '..');

/** top-level key → the texts file that holds it */
const OWNER = new Map<string, TextsName>(
  (Object.entries(DIESHOP_TEXTS) as [TextsName, (typeof DIESHOP_TEXTS)[TextsName]][]).flatMap(([name, texts]) =>
    Object.keys(texts.es).map((key) => [key, name] as const),
  ),
);

/** The texts files the namespace holds, but the shared ones every page gets. */
function registeredFiles(): TextsName[] {
  const keys = Object.keys(getI18n().getResourceBundle('es', NS) ?? {});
  return [...new Set(keys.map((key) => OWNER.get(key)!))].filter((name) => !SHARED_TEXTS.includes(name)).sort();
}

/** Loads a module as the browser would the first time: nothing of the remote loaded, no texts. */
async function freshLoad(load: () => Promise<unknown>): Promise<TextsName[]> {
  jest.resetModules();
  for (const lng of LANGUAGE_CODES) getI18n().removeResourceBundle(lng, NS);
  await load();
  return registeredFiles();
}

describe('each page registers the texts it shows, and only those', () => {
  it('the die inventory (the first page) registers its texts and the shared ones, not the correction canvas’s', async () => {
    expect(await freshLoad(() => import('../pages/die-inventory.page'))).toEqual(['dieInventoryTexts']);
    const bundle = getI18n().getResourceBundle('es', NS);
    expect(bundle.dieInventory.title).toBe('Inventario de matrices');
    expect(bundle.enums.dieType.hollow).toBe('Hueca (portahole / puente)');
    expect(bundle.load.retry).toBe('Reintentar');
    expect(bundle.markingCanvas).toBeUndefined();
  });
});

describe('a module that names a screen’s keys registers that screen’s texts itself', () => {
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'i18n' ? [] : sources(full);
      return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [full] : [];
    });
  // 'dieInventory.title', `dieshop:profile.fields.${name}`, `${DIESHOP_NS}:dieInventory.move.title`, `markingCanvas.${key}`
  const KEY = new RegExp(`['"\`](?:dieshop:|\\$\\{DIESHOP_NS\\}:)?(${[...OWNER.keys()].join('|')})\\.[\\w$]`, 'g');

  it.each(sources(SRC).map((file) => path.relative(SRC, file)))('%s', (file) => {
    const source = fs.readFileSync(path.join(SRC, file), 'utf8');
    const needed = new Set([...source.matchAll(KEY)].map((match) => OWNER.get(match[1])!).filter((name) => !SHARED_TEXTS.includes(name)));
    const missing = [...needed].filter((name) => !source.includes(`registerDieshopTexts(${name});`));
    expect(missing).toEqual([]);
  });

  it('every texts file is registered by some module (its screen would show raw keys otherwise)', () => {
    const all = sources(SRC)
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    const registered = new Set([...SHARED_TEXTS, ...[...all.matchAll(/registerDieshopTexts\((\w+)\);/g)].map((match) => match[1])]);
    expect(Object.keys(DIESHOP_TEXTS).filter((name) => !registered.has(name))).toEqual([]);
  });

  it('finds the keys it looks for (the check above is not empty)', () => {
    const named = sources(SRC).filter((file) => fs.readFileSync(file, 'utf8').match(KEY));
    expect(named.length).toBeGreaterThan(30);
  });
});
