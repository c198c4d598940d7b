import * as fs from 'node:fs';
import * as path from 'node:path';
import { LANGUAGE_CODES, type Bundle } from '@planta/i18n';
import { DIESHOP_TEXTS } from './texts.catalogue';

type Flat = Record<string, string>;

function flatten(bundle: Bundle, prefix = ''): Flat {
  const flat: Flat = {};
  for (const [key, value] of Object.entries(bundle)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat[at] = value;
    else Object.assign(flat, flatten(value, at));
  }
  return flat;
}

// Each language writes its own plural forms (Arabic has _zero, _two, _few, _many): one key for all.
const PLURAL = /_(zero|one|two|few|many|other)$/;
const keysOf = (bundle: Bundle) => [...new Set(Object.keys(flatten(bundle)).map((key) => key.replace(PLURAL, '')))].sort();
const CATALOGUE = Object.entries(DIESHOP_TEXTS);
const OTHER_LANGUAGES = LANGUAGE_CODES.filter((lng) => lng !== 'es');

describe("the 'dieshop' texts catalogue", () => {
  it('lists every texts file of the namespace', async () => {
    const listed = new Set<unknown>(Object.values(DIESHOP_TEXTS));
    const files = fs.readdirSync(__dirname).filter((file) => file.endsWith('.texts.ts'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const exported = Object.entries((await import(path.join(__dirname, file))) as Record<string, unknown>);
      expect([file, exported.filter(([, texts]) => listed.has(texts)).length]).toEqual([file, exported.length]);
    }
  });

  it('gives each top-level key to one file, so that registering a file never overwrites another', () => {
    const owners = new Map<string, string[]>();
    for (const [name, texts] of CATALOGUE) for (const key of Object.keys(texts.es)) owners.set(key, [...(owners.get(key) ?? []), name]);
    for (const [key, names] of owners) expect([key, names.length]).toEqual([key, 1]);
  });

  describe.each(CATALOGUE)('%s', (_name, texts) => {
    it.each(OTHER_LANGUAGES)('%s has exactly the Spanish keys (plural forms aside)', (lng) => {
      expect(keysOf(texts[lng])).toEqual(keysOf(texts.es));
    });

    it.each(LANGUAGE_CODES)('%s has no empty text', (lng) => {
      for (const [key, text] of Object.entries(flatten(texts[lng]))) expect([key, text.trim().length > 0]).toEqual([key, true]);
    });
  });
});
