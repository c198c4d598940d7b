/** @jest-environment node */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/**
 * The sign-in page loads no zod (25 KB gzip, and the schemas built with it): zod and the endpoint
 * definitions load once a visitor starts to sign in. What the page loads is the shell's start-up
 * (bootstrap.tsx and what it imports statically) and the shared singletons, which are loaded whole
 * (@planta/session, @planta/i18n; not an entry of theirs shared on its own and loaded on demand,
 * such as @planta/session/offline-queue). This reads their sources' imports the way the bundler
 * follows them: a name imported from a library that is not shared (@planta/contracts,
 * @planta/shell-contract, @planta/ui) brings the module that defines it, and that module's own
 * imports, whole (a top-level `z.object(...)` of an unused export stays); dynamic `import()` and
 * type-only imports bring nothing.
 */

const ROOT = path.resolve(__dirname, '..', '..');
const at = (...parts: string[]) => path.join(ROOT, ...parts);
/** Libraries tree-shaken per app, whose names are followed to the module that defines them. */
const TREE_SHAKEN: Record<string, string> = {
  '@planta/contracts': at('libs/contracts/src/index.ts'),
  '@planta/shell-contract': at('libs/shell-contract/src/index.ts'),
  '@planta/ui': at('libs/ui/src/index.ts'),
};
/** The shared singletons: loaded whole, each one an entry of the page. */
const SHARED = ['libs/session/src', 'libs/i18n/src'];
/**
 * The offline queue: an entry of @planta/session shared on its own (libs/rspack-config
 * WORKSPACE_ENTRIES), loaded only where first imported, so not an entry of the page; nor may the
 * start-up bring it (below).
 */
const OFFLINE_QUEUE = { specifier: '@planta/session/offline-queue', file: at('libs/session/src/offline-queue.ts') };

interface ValueImport {
  specifier: string;
  /** The names taken; '*' for the whole module (namespace or side-effect import, `export *`). */
  names: string[];
  reexport: boolean;
}

const parsed = new Map<string, ValueImport[]>();

/** The value imports and re-exports of a source file (type-only ones cost nothing and are left out). */
function valueImports(file: string): ValueImport[] {
  const known = parsed.get(file);
  if (known) return known;
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: ValueImport[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const names: string[] = [];
      if (!clause) names.push('*');
      else {
        if (clause.name) names.push('default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
        if (bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements) if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
      }
      if (names.length) found.push({ specifier: statement.moduleSpecifier.text, names, reexport: false });
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) && !statement.isTypeOnly) {
      const clause = statement.exportClause;
      const names =
        !clause || ts.isNamespaceExport(clause)
          ? ['*']
          : clause.elements.filter((element) => !element.isTypeOnly).map((element) => (element.propertyName ?? element.name).text);
      if (names.length) found.push({ specifier: statement.moduleSpecifier.text, names, reexport: true });
    }
  }
  parsed.set(file, found);
  return found;
}

/** Whether a source file declares that name itself, as a value or only as a type. */
function declares(file: string, name: string): 'value' | 'type' | undefined {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const modifiers = (node: ts.Node) => (ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : []).map((modifier) => modifier.kind);
  for (const statement of source.statements) {
    const exported = modifiers(statement).includes(ts.SyntaxKind.ExportKeyword);
    const named = exported && modifiers(statement).includes(ts.SyntaxKind.DefaultKeyword) ? 'default' : undefined;
    if (ts.isExportAssignment(statement) && name === 'default') return 'value';
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      if (statement.exportClause.elements.some((element) => element.name.text === name)) return statement.isTypeOnly ? 'type' : 'value';
    }
    if (!exported) continue;
    if (
      ts.isVariableStatement(statement) &&
      statement.declarationList.declarations.some((declaration) => ts.isIdentifier(declaration.name) && declaration.name.text === name)
    )
      return 'value';
    if (
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) &&
      (named ?? statement.name?.text) === name
    )
      return 'value';
    if ((ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && statement.name.text === name) return 'type';
  }
  return undefined;
}

function resolveRelative(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  const file = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`${specifier} (imported by ${path.relative(ROOT, from)}) not found`);
  return file;
}

/** The module that defines `name`, following the re-exports of `file` (null: a type, which brings nothing). */
function definingModule(file: string, name: string): string | null | undefined {
  const declared = declares(file, name);
  if (declared) return declared === 'value' ? file : null;
  for (const { specifier, names, reexport } of valueImports(file)) {
    if (!reexport || !(names.includes(name) || names.includes('*'))) continue;
    const target = specifier.startsWith('.') ? resolveRelative(file, specifier) : TREE_SHAKEN[specifier];
    // Another package: a shared library is an entry of its own; any other one is not read (zod is caught where it is imported).
    if (!target) return names.includes(name) ? null : undefined;
    const found = definingModule(target, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The modules an import brings into the page (none for a package other than the followed ones). */
function modulesOf(from: string, { specifier, names }: ValueImport): string[] {
  const entry = specifier.startsWith('.') ? resolveRelative(from, specifier) : TREE_SHAKEN[specifier];
  if (!entry) return [];
  if (names.includes('*')) return [entry];
  return names.flatMap((name) => {
    const found = definingModule(entry, name);
    if (found === undefined) throw new Error(`${name} (imported by ${path.relative(ROOT, from)} from ${specifier}) not found`);
    return found === null ? [] : [found];
  });
}

/** Every way an import that `matches` reaches the page from these entries, as import chains (empty: none). */
function importChains(entries: string[], matches: (specifier: string, from: string) => boolean): string[] {
  const chains: string[] = [];
  const via = new Map<string, string | null>(entries.map((entry) => [entry, null]));
  const queue = [...entries];
  const chainOf = (file: string) => {
    const steps: string[] = [];
    for (let step: string | null | undefined = file; step; step = via.get(step)) steps.unshift(path.relative(ROOT, step));
    return steps.join(' → ');
  };
  while (queue.length) {
    const file = queue.shift()!;
    for (const imported of valueImports(file)) {
      if (matches(imported.specifier, file)) chains.push(`${chainOf(file)} → ${imported.specifier}`);
      // A re-export brings nothing by itself: what is imported through it is followed to where it is defined.
      if (imported.reexport && !entries.includes(file)) continue;
      for (const module of modulesOf(file, imported)) {
        if (via.has(module)) continue;
        via.set(module, file);
        queue.push(module);
      }
    }
  }
  return chains;
}

/** Every way zod reaches the page from these entries (empty: zod-free). */
const zodChains = (entries: string[]) => importChains(entries, (specifier) => specifier === 'zod' || specifier.startsWith('zod/'));

/** Every way the offline queue reaches the page from these entries, by its own name or by its file. */
const offlineQueueChains = (entries: string[]) =>
  importChains(
    entries,
    (specifier, from) => specifier === OFFLINE_QUEUE.specifier || (specifier.startsWith('.') && resolveRelative(from, specifier) === OFFLINE_QUEUE.file),
  );

const sourcesOf = (dir: string): string[] =>
  readdirSync(at(dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.spec\.tsx?$/.test(file) && !file.split(path.sep).includes('testing'))
    .map((file) => at(dir, file))
    .filter((file) => file !== OFFLINE_QUEUE.file);

/** What the sign-in page loads: the shell's start-up and the shared singletons. */
const startUp = () => [at('shell/src/bootstrap.tsx'), ...SHARED.flatMap(sourcesOf)];

describe('the sign-in page loads no zod', () => {
  it("the shell's start-up and the shared libraries import no zod, nor any module of @planta/contracts or @planta/ui that does", () => {
    expect(zodChains(startUp())).toEqual([]);
  });

  it('the modules of @planta/contracts kept zod-free for it import no zod', () => {
    const modules = [
      'settings.defaults.ts',
      'auth.defaults.ts',
      'live-events.ts',
      'endpoint-path.ts',
      'endpoint-access.ts',
      'error.constants.ts',
      'dashboards/indicator-pages.ts',
      'production.messages.ts',
      'dieshop/profile.messages.ts',
      'dieshop/profile-shapes.ts',
      'resource.ts',
      'resources/index.ts',
      'resources/resource-places.ts',
    ];
    expect(zodChains(modules.map((module) => at('libs/contracts/src', module)))).toEqual([]);
  });

  it('finds zod where a module brings it (the check itself)', () => {
    expect(zodChains([at('libs/contracts/src/resource.schemas.ts')])).toContain('libs/contracts/src/resource.schemas.ts → zod');
    expect(zodChains([at('libs/contracts/src/endpoints/auth.endpoints.ts')]).length).toBeGreaterThan(0);
  });
});

describe('the sign-in page loads no offline queue', () => {
  it("the shell's start-up and the shared libraries import the offline queue only on demand (import())", () => {
    expect(offlineQueueChains(startUp())).toEqual([]);
  });

  it('finds the offline queue where a module brings it (the check itself)', () => {
    expect(offlineQueueChains([at('shell/src/layout/offline-queue-status.tsx')])).toContain(
      'shell/src/layout/offline-queue-status.tsx → @planta/session/offline-queue',
    );
  });
});
