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
  // Workspace packages resolve through their package.json "exports" (their named entry points only);
  // the generated contract is imported file by file with .js specifiers that name .ts sources.
  moduleNameMapper: {
    "^@wenku/proto/(.*)\\.js$": "<rootDir>/proto/gen/$1.ts",
    "^(\\.{1,2}/.*)\\.js$": "$1",
  },
  testMatch: [
    "<rootDir>/services/**/src/**/*.test.ts",
    "<rootDir>/gateway/src/**/*.test.ts",
    "<rootDir>/tests/*/src/**/*.test.ts",
    "<rootDir>/tools/*/src/**/*.test.ts",
    "<rootDir>/scripts/**/*.test.ts",
    "<rootDir>/deploy/**/*.test.ts",
  ],
  globalSetup: "<rootDir>/jest/global-setup.ts",
  globalTeardown: "<rootDir>/jest/global-teardown.ts",
  testTimeout: 30000,
  maxWorkers: 2,
};
