const path = require('node:path');

/** Shared jest settings: TypeScript through ts-jest, libs resolved from their sources. */
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.jest.json') }],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  moduleNameMapper: {
    '^@planta/contracts$': path.join(__dirname, 'libs/contracts/src/index.ts'),
  },
};
