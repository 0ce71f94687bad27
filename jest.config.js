/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  // The n8n community node package (an npm workspace) keeps its tests beside it.
  roots: ['<rootDir>/test', '<rootDir>/n8n-node/test'],
  testMatch: ['**/*.test.ts'],
  // .ts first: bin/gateway.js is the bin shim of bin/gateway.ts, tests import the module.
  moduleFileExtensions: ['ts', 'js', 'json'],
  transform: { '\\.[jt]s$': '<rootDir>/test/support/esbuild-transform.js' },
  // @middy/* ships ESM only; everything else in node_modules is CommonJS already.
  transformIgnorePatterns: ['/node_modules/(?!@middy/)'],
  // One DynamoDB Local for the whole run; each test file works in its own tables.
  setupFiles: ['<rootDir>/functions/local/quiet-warnings.ts'],
  // With JEST_CPU_LOG set, each file logs its CPU seconds (bench/suite-cpu.ts). Each file draws its
  // fresh sandbox ids from a stream seeded by its path, so it sees the same accounts on every run.
  setupFilesAfterEnv: ['<rootDir>/test/support/cpu-per-file.ts', '<rootDir>/test/support/seeded-ids.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
  // Two workers (the CI machine and the development machine have 2 cores): 849 s against 1,497 s
  // with one. Files share nothing: tables have a per-file prefix, ports are free ports, files go
  // to per-file temporary folders (docs/contributing.md).
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};
