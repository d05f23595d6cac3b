// Jest for services/, gateway/, the system tests (tests/) and bench helpers (web/ has its own jsdom config).
// ESM mode (NODE_OPTIONS=--experimental-vm-modules, set by scripts/test.mjs) because the
// converter imports the ESM-only `mupdf` package.
const swc = [
  "@swc/jest",
  {
    jsc: { parser: { syntax: "typescript" }, target: "es2023" },
    module: { type: "es6" },
  },
];

/** @type {import('jest').Config} */
export default {
  rootDir: ".",
  testEnvironment: "node",
  extensionsToTreatAsEsm: [".ts"],
  transform: { "^.+\\.ts$": swc },
  moduleNameMapper: {
    "^@wenku/proto/(.*)\\.js$": "<rootDir>/proto/gen/$1.ts",
    "^@wenku/gateway/(.*)\\.js$": "<rootDir>/gateway/src/$1.ts",
    "^@wenku/([a-z]+)/(.*)\\.js$": "<rootDir>/services/$1/src/$2.ts",
    "^(\\.{1,2}/.*)\\.js$": "$1",
  },
  testMatch: [
    "<rootDir>/services/**/src/**/*.test.ts",
    "<rootDir>/gateway/src/**/*.test.ts",
    "<rootDir>/tests/*/src/**/*.test.ts",
    "<rootDir>/scripts/**/*.test.ts",
    "<rootDir>/deploy/**/*.test.ts",
  ],
  globalSetup: "<rootDir>/jest/global-setup.ts",
  globalTeardown: "<rootDir>/jest/global-teardown.ts",
  testTimeout: 30000,
  maxWorkers: 2,
};
