/**
 * Web unit tests: jsdom, TypeScript/TSX through @swc/jest (test/transform.js), native ESM
 * (run with NODE_OPTIONS=--experimental-vm-modules).
 * @type {import("jest").Config}
 */
export default {
  displayName: "web",
  rootDir: ".",
  testEnvironment: "<rootDir>/test/jsdomEnvironment.js",
  testMatch: [
    "<rootDir>/src/**/*.test.ts",
    "<rootDir>/src/**/*.test.tsx",
    "<rootDir>/build/**/*.test.ts",
    "<rootDir>/test/**/*.test.js",
  ],
  extensionsToTreatAsEsm: [".ts", ".tsx"],
  transform: {
    "^.+\\.(ts|tsx)$": [
      "<rootDir>/test/transform.js",
      {
        jsc: {
          parser: { syntax: "typescript", tsx: true },
          transform: { react: { runtime: "automatic" } },
          target: "es2022",
        },
      },
    ],
  },
  moduleNameMapper: {
    // The generated protobuf code, imported as @wenku/proto/<path>.js, is TypeScript in proto/gen.
    "^@wenku/proto/(.*)\\.js$": "<rootDir>/../proto/gen/$1.ts",
    "^(\\.{1,2}/.*)\\.js$": "$1",
    "\\.(css|less)$": "<rootDir>/test/styleStub.js",
  },
  setupFiles: ["<rootDir>/test/setup.ts"],
  // Both cores: the suites are CPU-bound (jsdom + antd), and CI runs nothing else meanwhile.
  maxWorkers: 2,
  clearMocks: true,
  restoreMocks: true,
};
