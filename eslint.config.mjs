// ESLint 9 flat config for the whole workspace.
// TypeScript: typescript-eslint recommended rules. Module boundaries: @nx/enforce-module-boundaries
// with the project tags of architecture.md ("Layout"):
//   scope:shared  libs that two or more apps share; side:both = usable by the api and the web,
//                 side:web = browser side only (e.g. the shell-remote contract)
//   scope:api     the NestJS api: only libs meant for both sides
//   scope:shell   the host: only shared libs
//   scope:mfe     every micro-frontend: only shared libs (never another mfe, never the shell)
import { defineConfig } from 'eslint/config';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

const TS_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];

export default defineConfig([
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '.nx/**', '**/coverage/**'] },
  {
    files: TS_FILES,
    extends: [tseslint.configs.recommended],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['side:both'] },
            { sourceTag: 'scope:shell', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:mfe', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            // a lib both sides use must not pull in browser-only code
            { sourceTag: 'side:both', onlyDependOnLibsWithTags: ['side:both'] },
          ],
        },
      ],
    },
  },
]);
