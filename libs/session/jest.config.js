const path = require('node:path');
const preset = require('../../jest.preset.js');

/** Browser-side session state: tests run in jsdom (localStorage, location); fetch is mocked per test. */
module.exports = {
  ...preset,
  displayName: 'session',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '^@planta/session$': path.join(__dirname, 'src/index.ts'),
    '^@planta/session/offline-queue$': path.join(__dirname, 'src/offline-queue.ts'),
  },
};
