const path = require('node:path');
const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'mfe-dieshop',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  setupFiles: [require.resolve('../libs/ui/testing/jsdom.setup.ts')],
  setupFilesAfterEnv: [require.resolve('../libs/ui/testing/signed-in-texts.setup.ts')],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '^@planta/shell-contract$': path.join(__dirname, '../libs/shell-contract/src/index.ts'),
  },
};
