const path = require('node:path');

/** Shared jest settings: TypeScript through ts-jest, libs resolved from their sources. */
module.exports = {
  testEnvironment: 'node',
  // A limit for hung tests, not a speed target: rendering the whole shell in jsdom takes seconds on
  // a loaded 2-core CI machine (jest's 5 s default failed there once with nothing wrong).
  testTimeout: 30000,
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.jest.json') }],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  moduleNameMapper: {
    // Workspace libs from their sources, so that tests need no build of them.
    '^@planta/(contracts|shell-contract|session|i18n|ui)$': path.join(__dirname, 'libs/$1/src/index.ts'),
    // A library's other entries (libs/rspack-config WORKSPACE_ENTRIES).
    '^@planta/session/offline-queue$': path.join(__dirname, 'libs/session/src/offline-queue.ts'),
    // The shared component-test harness (libs/ui/testing), never part of a build.
    '^@planta/ui/testing$': path.join(__dirname, 'libs/ui/testing/index.ts'),
  },
};
