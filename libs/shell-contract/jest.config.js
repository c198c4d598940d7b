const path = require('node:path');
const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'shell-contract',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '^@planta/shell-contract$': path.join(__dirname, 'src/index.ts'),
  },
};
