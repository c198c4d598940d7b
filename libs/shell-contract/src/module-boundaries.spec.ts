import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

/**
 * Proves the module boundaries of architecture.md ("Layout") with the workspace's real ESLint
 * config and project graph. ESLint 9 loads eslint.config.mjs with a dynamic import(), which
 * jest's CommonJS sandbox refuses without --experimental-vm-modules; so the ESLint API
 * (`new ESLint({ cwd }).lintText(...)`) runs in a plain child Node process. The child first
 * refreshes the cached Nx project graph, which @nx/enforce-module-boundaries reads.
 */
const workspaceRoot = path.resolve(__dirname, '../../..');

interface LintCase {
  filePath: string;
  code: string;
}
interface LintMessage {
  ruleId: string | null;
  message: string;
}

const CHILD = `
const { createProjectGraphAsync } = require('nx/src/devkit-exports');
const { ESLint } = require('eslint');
(async () => {
  const cases = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
  const graph = await createProjectGraphAsync({ exitOnError: false });
  const eslint = new ESLint({ cwd: process.cwd() });
  const messages = [];
  for (const { code, filePath } of cases) {
    const [result] = await eslint.lintText(code, { filePath });
    messages.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
  }
  const tags = Object.fromEntries(Object.values(graph.nodes).map((node) => [node.data.root, node.data.tags || []]));
  process.stdout.write(JSON.stringify({ messages, tags }));
})().catch((error) => { console.error(error); process.exit(1); });
`;

function lint(cases: LintCase[]): { messages: LintMessage[][]; tags: Record<string, string[]> } {
  const output = execFileSync(process.execPath, ['-e', CHILD], {
    cwd: workspaceRoot,
    input: JSON.stringify(cases),
    env: { ...process.env, NX_DAEMON: 'false' },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(output);
}

const at = (file: string): string => path.join(workspaceRoot, file);
const boundaryErrors = (messages: LintMessage[]): string[] =>
  messages.filter((message) => message.ruleId === '@nx/enforce-module-boundaries').map((message) => message.message);
const importing = (filePath: string, specifier: string): LintCase => ({
  filePath: at(filePath),
  code: `import * as imported from '${specifier}';\nexport const used = imported;\n`,
});

// The apps' package.json files declare no entry point (a remote is reached through federation,
// never as a package), so a bare `@planta/mfe-dieshop` resolves to nothing: tsc refuses it and
// the rule, which skips what it cannot resolve, has nothing to check. What does resolve, and is
// therefore checked, is a path into the app through its package name or a relative path.
const CASES = {
  mfeImportsMfe: importing('mfe-production/src/x.ts', '@planta/mfe-dieshop/src/navigation'),
  mfeImportsMfeRelative: importing('mfe-production/src/x.ts', '../../mfe-dieshop/src/navigation'),
  mfeImportsShell: importing('mfe-production/src/x.ts', '@planta/shell/src/navigation'),
  shellImportsMfe: importing('shell/src/x.ts', '@planta/mfe-admin/src/navigation'),
  libImportsShell: importing('libs/shell-contract/src/x.ts', '@planta/shell/src/navigation'),
  mfeImportsContracts: importing('mfe-production/src/x.ts', '@planta/contracts'),
  mfeImportsShellContract: importing('mfe-production/src/x.ts', '@planta/shell-contract'),
  shellImportsShellContract: importing('shell/src/x.ts', '@planta/shell-contract'),
  shellContractImportsContracts: importing('libs/shell-contract/src/x.ts', '@planta/contracts'),
  apiImportsContracts: importing('api/src/x.ts', '@planta/contracts'),
  apiImportsShellContract: importing('api/src/x.ts', '@planta/shell-contract'),
  contractsImportsShellContract: importing('libs/contracts/src/x.ts', '@planta/shell-contract'),
} satisfies Record<string, LintCase>;
type CaseName = keyof typeof CASES;

const FORBIDDEN = /Imports of apps are forbidden|Projects cannot be imported by a relative or absolute path|can only depend on libs tagged/;
// every app depends on the shared libs, so a lib importing an app is also reported as a cycle
const FORBIDDEN_FROM_LIB = new RegExp(`${FORBIDDEN.source}|Circular dependency`);

describe('module boundaries (architecture.md)', () => {
  let errors: Record<CaseName, string[]>;
  let tags: Record<string, string[]>;

  beforeAll(() => {
    const names = Object.keys(CASES) as CaseName[];
    const result = lint(names.map((name) => CASES[name]));
    errors = Object.fromEntries(names.map((name, index) => [name, boundaryErrors(result.messages[index])])) as Record<CaseName, string[]>;
    tags = result.tags;
  }, 120_000);

  it('forbids a micro-frontend to import another micro-frontend or the shell', () => {
    expect(errors.mfeImportsMfe).toEqual([expect.stringMatching(FORBIDDEN)]);
    expect(errors.mfeImportsMfeRelative).toEqual([expect.stringMatching(FORBIDDEN)]);
    expect(errors.mfeImportsShell).toEqual([expect.stringMatching(FORBIDDEN)]);
  });
  it('forbids the shell and the libs to import an app', () => {
    expect(errors.shellImportsMfe).toEqual([expect.stringMatching(FORBIDDEN)]);
    expect(errors.libImportsShell).toEqual([expect.stringMatching(FORBIDDEN_FROM_LIB)]);
  });
  it('lets the shell, the micro-frontends and the shared libs import the shared libs', () => {
    expect(errors.mfeImportsContracts).toEqual([]);
    expect(errors.mfeImportsShellContract).toEqual([]);
    expect(errors.shellImportsShellContract).toEqual([]);
    expect(errors.shellContractImportsContracts).toEqual([]);
  });

  it('tags the api scope:api and the contracts side:both', () => {
    expect(tags.api).toContain('scope:api');
    expect(tags['libs/contracts']).toContain('side:both');
  });

  it('lets the api import @planta/contracts (side:both) and nothing browser-side', () => {
    expect(errors.apiImportsContracts).toEqual([]);
    expect(errors.apiImportsShellContract).toEqual([expect.stringContaining('can only depend on libs tagged with "side:both"')]);
  });

  it('keeps browser-side libs out of the libs both sides share', () => {
    // shell-contract already depends on contracts, so Nx may report the cycle instead of the tag.
    expect(errors.contractsImportsShellContract).toEqual([expect.stringMatching(/can only depend on libs tagged with "side:both"|Circular dependency/)]);
  });
});
