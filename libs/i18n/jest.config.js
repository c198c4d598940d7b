const path = require('node:path');
const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'i18n',
  rootDir: __dirname,
  // setLanguage writes <html lang dir>: the tests run in a browser-like document
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '^@planta/i18n$': path.join(__dirname, 'src/index.ts'),
  },
};
