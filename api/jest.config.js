/** Unit specs next to the code and API integration specs against a real embedded PostgreSQL. */
module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'api',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/test/support/one-query-at-a-time.ts'],
  testTimeout: 60000,
  // Two spec files at once on a 2-core machine (jest's default is one): each has its own database
  // and API, and spends most of its time waiting on PostgreSQL, reader processes and timers (sign-in
  // delays, a reader's time limit). The whole suite: 509 s against 733 s with one, in one session.
  maxWorkers: 2,
};
