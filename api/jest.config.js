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
};
