// The import graph's boundary rules, checked by `npm run check:graph` (a step of `npm test`).
// dependency-cruiser resolves every import as TypeScript and Node do (package "exports", .js
// specifiers naming .ts sources) and fails on any arrow below. The rules go by folder pattern, not by
// package list, so a new package under services/ or tests/ is covered the day it lands.
// dependency-cruiser stays on 17.x while the project supports Node 20 (18.x needs Node 22).
//
// Vocabulary:
//   production code  a package's src/ (services/*/src, gateway/src, tools/*/src, web/src) and web/build, minus the
//                    tests beside it (*.test.ts[x]); proto/gen is generated and not cruised
//   test code        those tests, every package's test/ folder, tests/* (system tests and
//                    @wenku/testkit in tests/kit), web/e2e, jest/, bench/, scripts/, deploy/
//   deployable       a package with src/main.ts: it runs as its own process and reaches the others
//                    only through @wenku/proto clients and the bus (services/*, gateway)
//   library          a package under services/ without src/main.ts (kit, search, credit-outbox):
//                    what deployables compose in-process; it imports no deployable
// Biome (biome.json, noRestrictedImports) keeps the other half of "only declared exports": no relative
// path and no @wenku/<pkg>/src/… specifier into another package; here an import through a package
// name resolves only to what that package's "exports" name (anything else is unresolvable).
const { existsSync, readdirSync } = require("node:fs");
const { join } = require("node:path");

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const servicePackages = readdirSync(join(__dirname, "services"), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(__dirname, "services", d.name, "package.json")))
  .map((d) => `services/${d.name}`);
const isDeployable = (dir) => existsSync(join(__dirname, dir, "src/main.ts"));
/** services/standalone runs every deployable in one process: the one place that composes them all. */
const COMPOSITION_ROOT = "services/standalone";
const deployables = [...servicePackages.filter(isDeployable), "gateway"].filter((d) => d !== COMPOSITION_ROOT);
const libraries = servicePackages.filter((d) => !isDeployable(d));
const anyOf = (dirs) => `^(${dirs.map(escapeRe).join("|")})/`;

const TESTS_BESIDE = "\\.test\\.tsx?$";
const PRODUCTION = "^(services/[^/]+/src|gateway/src|tools/[^/]+/src|web/src|web/build)/";
/**
 * A deployable's contract entry (src/contract.ts, e.g. @wenku/converter/contract): the names and
 * message codecs its peers share with it (queue subjects, the job on the bus, storage keys), no
 * runtime code of its own. The one way into another deployable's package; see contract-stays-light.
 */
const CONTRACT_ENTRY = "^services/[^/]+/src/contract\\.ts$";
/** Test support by folder (test/, tests/*, jest/, web/e2e) or by name, wherever it still sits. */
const TEST_SUPPORT = [
  "(^|/)test/",
  "^tests/",
  "^jest/",
  "^web/e2e/",
  "\\.(testing|standin|fixtures?|contract)\\.",
  "/(testing|fixtures)\\.",
];

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "No import cycles, type-only imports included: a cycle means two modules are one, and it makes load order (and so behaviour at start-up) depend on which is imported first.",
      from: {},
      to: { circular: true },
    },
    {
      name: "production-not-to-test",
      severity: "error",
      comment:
        "Production code never imports test code or test support (test/ folders, @wenku/testkit, fixtures, stand-ins, contract suites): what ships must not need what only tests use.",
      from: { path: PRODUCTION, pathNot: TESTS_BESIDE },
      to: { path: TEST_SUPPORT },
    },
    {
      name: "production-not-to-jest",
      severity: "error",
      comment: "Production code never imports jest, @jest/* or the testing libraries: they are dev dependencies.",
      from: { path: PRODUCTION, pathNot: TESTS_BESIDE },
      to: { path: "(^|/)node_modules/(jest|jest-[^/]+|@jest/[^/]+|@testing-library/[^/]+|@swc/jest)/" },
    },
    {
      name: "deployable-not-to-deployable",
      severity: "error",
      comment:
        "A deployable (services/* with src/main.ts, the gateway) never imports another: they talk through @wenku/proto clients and the bus, so each runs as its own process. Only services/standalone, which runs them all in one process, composes them. The exception is a deployable's contract entry (src/contract.ts), which holds what both sides of its queue share and no runtime code.",
      from: { path: `${anyOf(deployables)}src/`, pathNot: TESTS_BESIDE },
      to: { path: anyOf([...deployables, COMPOSITION_ROOT]), pathNot: ["^$1/", CONTRACT_ENTRY] },
    },
    {
      name: "contract-stays-light",
      severity: "error",
      comment:
        "A contract entry is what other deployables may import (deployable-not-to-deployable), so nothing it reaches may start a render thread, a child process or load MuPDF: importing it must not make the importer a converter.",
      from: { path: CONTRACT_ENTRY },
      to: {
        reachable: true,
        path: [
          "(^|/)node_modules/mupdf/",
          "^(node:)?(child_process|worker_threads)$",
          "^services/[^/]+/src/main\\.ts$",
        ],
      },
    },
    {
      name: "library-not-to-deployable",
      severity: "error",
      comment:
        "A library package under services/ (no src/main.ts: services/kit) holds plumbing only and imports no deployable.",
      from: { path: `${anyOf(libraries)}src/`, pathNot: TESTS_BESIDE },
      to: { path: anyOf([...deployables, COMPOSITION_ROOT]) },
    },
    {
      name: "web-not-to-server",
      severity: "error",
      comment:
        "The web app reaches the server only over the network, through the generated @wenku/proto clients, and its browser tests drive the site as a visitor does (what they build comes from @wenku/testkit): nothing under web/ imports service or gateway code.",
      from: { path: "^web/" },
      to: { path: "^(services|gateway)/" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment:
        'Every import resolves; through a package name that means to a file the package\'s "exports" declare, never to its internals.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "(^|/)node_modules/" },
    // Generated code (proto/gen, the Prisma clients in services/*/gen) and build output are not ours to shape.
    exclude: { path: "(^|/)(gen|dist)/|^web/public/|^bench/results/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
