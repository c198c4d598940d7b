import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';

/**
 * The compiler, not only the unit tests, keeps every language in step with Spanish: each bundle
 * of en, ar and tr is typed BundleShape<typeof es>, and registerBundles() takes LanguageBundles<T>.
 * Jest transpiles without type checking, so this test runs the TypeScript compiler on small
 * programs and reads its diagnostics.
 */
const typesModule = path.join(__dirname, 'bundles', 'types').split(path.sep).join('/');
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-i18n-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function diagnostics(body: string): string[] {
  const file = path.join(dir, `case-${Math.random().toString(36).slice(2)}.ts`);
  fs.writeFileSync(
    file,
    `import type { Bundle, BundleShape, LanguageBundles } from '${typesModule}';\n` +
      `const es = { save: 'Guardar', table: { rowsPerPage: 'Filas por página' } };\n` +
      `declare function registerBundles<T extends Bundle>(namespace: string, bundles: LanguageBundles<T>): void;\n` +
      `export {};\n${body}\n`,
  );
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts'],
    types: [],
    noUnusedLocals: false,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('BundleShape and LanguageBundles (compile time)', () => {
  it('accepts a translation with exactly the Spanish keys', () => {
    expect(diagnostics(`export const en: BundleShape<typeof es> = { save: 'Save', table: { rowsPerPage: 'Rows per page' } };`)).toEqual([]);
  });

  it('refuses a missing key, at any depth', () => {
    expect(diagnostics(`export const en: BundleShape<typeof es> = { save: 'Save', table: {} };`).join('\n')).toMatch(/rowsPerPage/);
    expect(diagnostics(`export const en: BundleShape<typeof es> = { table: { rowsPerPage: 'Rows' } };`).join('\n')).toMatch(/save/);
  });

  it('refuses an extra key, at any depth', () => {
    expect(diagnostics(`export const en: BundleShape<typeof es> = { save: 'Save', extra: 'x', table: { rowsPerPage: 'Rows' } };`).join('\n')).toMatch(/extra/);
    expect(diagnostics(`export const en: BundleShape<typeof es> = { save: 'Save', table: { rowsPerPage: 'Rows', more: 'x' } };`).join('\n')).toMatch(/more/);
  });

  it('refuses a group where Spanish has a text and the other way round', () => {
    expect(diagnostics(`export const en: BundleShape<typeof es> = { save: { a: 'Save' }, table: { rowsPerPage: 'Rows' } };`)).not.toEqual([]);
    expect(diagnostics(`export const en: BundleShape<typeof es> = { save: 'Save', table: 'Rows' };`)).not.toEqual([]);
  });

  it('makes registerBundles() require the Spanish keys in every language', () => {
    const en = `{ save: 'Save', table: { rowsPerPage: 'Rows per page' } }`;
    expect(diagnostics(`registerBundles('x', { es, en: ${en}, ar: ${en}, tr: ${en} });`)).toEqual([]);
    expect(diagnostics(`registerBundles('x', { es, en: ${en}, ar: { save: 'حفظ' }, tr: ${en} });`).join('\n')).toMatch(/table/);
    expect(diagnostics(`registerBundles('x', { es, en: ${en}, ar: ${en} });`).join('\n')).toMatch(/tr/);
  });
});
