/**
 * Browser tests of the portal (shell + remotes + API), separate from shell/jest.config.js (unit
 * tests under shell/src). One API process for the whole run (support/global-setup.ts); one worker.
 */
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'shell-e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  testTimeout: 120000,
  maxWorkers: 1,
};
