#!/usr/bin/env node
// The server compiled once into dist/ (git-ignored), so every way of running the site — `npm start`,
// `npm run start:cluster`, the image, Kubernetes — runs plain `node dist/<entry>.js`: no TypeScript
// loader, no esbuild child process, no source-map lookups behind every error's stack. `npm start`
// builds when dist is missing or older than what went into it; `node scripts/build.mjs` builds now
// (`--force` even when up to date). Dev and jest keep running the sources (tsx, jest's transform).
//
// What the bundles keep from the sources:
// - packages from node_modules stay external, loaded from where npm installed them (WASM, native
//   addons, worker files and their own paths work as under tsx); a package a workspace holds in its
//   own node_modules (another version than the root's) is imported by its path from there;
// - the workspace packages (@wenku/*, TypeScript) and the generated Prisma clients are bundled;
// - `import.meta.url` is the source file's URL, computed from the bundle's own location: paths read
//   at run time relative to a source (migrations, package.json, web/dist) resolve as before;
// - `WENKU_COMPILED` is defined: the cluster starts these bundles and the render pool its compiled
//   thread instead of the TypeScript sources.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { isBuiltin } from "node:module";
import { dirname, extname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { generatePrismaClients, withLock } from "./prisma-generate.mjs";

const root = new URL("..", import.meta.url).pathname;
export const distDir = join(root, "dist");
const STAMP = join(distDir, "build.json");

/** dist/<name>.js ← source. Every process the site starts, and the render worker thread. */
export const entries = {
  standalone: "services/standalone/src/main.ts",
  cluster: "services/standalone/src/cluster.ts",
  "content-converter": "services/standalone/src/content-converter.ts",
  "reset-password": "services/standalone/src/reset-password.ts",
  migrate: "services/standalone/src/migrate.ts",
  import: "tools/import/src/main.ts",
  user: "services/user/src/main.ts",
  content: "services/content/src/main.ts",
  order: "services/order/src/main.ts",
  config: "services/config/src/main.ts",
  spider: "services/spider/src/main.ts",
  converter: "services/converter/src/main.ts",
  gateway: "gateway/src/main.ts",
  "render-thread": "services/converter/src/render-thread.ts",
};

/** Besides the bundled files: what decides how they are built and resolved. */
const SETTINGS = ["scripts/build.mjs", "package.json", "package-lock.json", "tsconfig.json", "tsconfig.base.json"];

/** Why dist must be (re)built, or undefined when it is current. */
export function staleReason() {
  if (!existsSync(STAMP)) return "no build yet";
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(STAMP, "utf8"));
  } catch {
    return "unreadable build stamp";
  }
  for (const name of Object.keys(entries)) if (!existsSync(join(distDir, `${name}.js`))) return `no dist/${name}.js`;
  for (const f of [...stamp.inputs, ...SETTINGS]) {
    const p = join(root, f);
    if (!existsSync(p)) return `${f} is gone`;
    if (statSync(p).mtimeMs > stamp.startedAt) return `${f} changed`;
  }
  return undefined;
}

const posix = (p) => p.split("\\").join("/");
const LOADERS = { ".ts": "ts", ".mts": "ts", ".cts": "ts", ".tsx": "tsx", ".js": "js", ".mjs": "js", ".cjs": "js" };

/** `import.meta.url` of each bundled file: its source URL, relative to the bundle that holds it. */
const sourceUrls = {
  name: "source-import-meta-url",
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      const text = await readFile(args.path, "utf8");
      if (!text.includes("import.meta.url")) return undefined;
      // Every output file sits directly in dist/ (entries and chunks), so one relative path fits.
      const url = `new URL(${JSON.stringify(posix(relative(distDir, args.path)))}, import.meta.url).href`;
      return {
        contents: text.replace(/\bimport\.meta\.url\b/g, url),
        loader: LOADERS[extname(args.path)] ?? "js",
        resolveDir: dirname(args.path),
      };
    });
  },
};

/** Packages external, imported by name when node finds the same file from dist/, else by path. */
const externalPackages = {
  name: "external-packages",
  setup(build) {
    const inner = { wenku: "inner" };
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === inner || args.path.startsWith("@wenku/")) return undefined;
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      const opts = { kind: args.kind, pluginData: inner };
      const here = await build.resolve(args.path, { ...opts, resolveDir: args.resolveDir });
      // Unresolvable (an optional peer): left to node, which fails or not at run time as under tsx.
      if (here.errors.length || !here.path) return { path: args.path, external: true };
      const fromRoot = await build.resolve(args.path, { ...opts, resolveDir: root });
      if (fromRoot.path === here.path) return { path: args.path, external: true };
      return { path: posix(relative(distDir, here.path)).replace(/^(?!\.)/, "./"), external: true };
    });
  },
};

async function compile() {
  const esbuild = await import("esbuild");
  const startedAt = Date.now();
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: Object.fromEntries(Object.entries(entries).map(([name, src]) => [name, join(root, src)])),
      outdir: distDir,
      entryNames: "[name]",
      chunkNames: "chunk-[hash]",
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "node",
      target: "node20",
      keepNames: true, // class and function names as in the sources (logs, error names)
      sourcemap: "linked", // read only with NODE_OPTIONS=--enable-source-maps
      sourcesContent: false,
      legalComments: "none",
      define: { WENKU_COMPILED: "true" },
      plugins: [externalPackages, sourceUrls],
      metafile: true,
      logLevel: "silent",
    });
    const outputs = new Set(Object.keys(result.metafile.outputs).map((f) => join(root, f)));
    for (const f of readdirSync(distDir)) {
      if (!outputs.has(join(distDir, f))) rmSync(join(distDir, f), { recursive: true, force: true });
    }
    const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith("<"));
    writeFileSync(STAMP, `${JSON.stringify({ startedAt, esbuild: esbuild.version, inputs }, null, 1)}\n`);
    return inputs.length;
  } catch (err) {
    // esbuild's message lists every error with its file and line
    throw new Error(
      `the server build failed:\n${err.errors ? (await esbuild.formatMessages(err.errors, { kind: "error" })).join("") : err}`,
    );
  } finally {
    await esbuild.stop();
  }
}

/**
 * Builds dist/ when it is stale (always with force), after the Prisma clients it bundles; one build
 * at a time per checkout. Resolves with why it built, or undefined when dist was current.
 */
export async function buildDist({ force = false, log = console.log } = {}) {
  const generated = await generatePrismaClients();
  if (generated.length) log(`Generated the Prisma clients of ${generated.join(", ")} (first start or schema changed)`);
  if (!force && !staleReason()) return undefined;
  return withLock(async () => {
    const reason = force ? "forced" : staleReason(); // again: another process may have just built it
    if (!reason) return undefined;
    log(`Compiling the server into dist/ (${reason})…`);
    mkdirSync(distDir, { recursive: true });
    await compile();
    return reason;
  }, "wenku-build");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const quiet = process.argv.includes("--quiet");
  const t = performance.now();
  try {
    const built = await buildDist({ force: process.argv.includes("--force"), log: quiet ? () => {} : console.log });
    const took = `${((performance.now() - t) / 1000).toFixed(1)} s`;
    if (!quiet) console.log(built ? `Compiled the server into dist/ (${took})` : "dist/ is up to date");
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
