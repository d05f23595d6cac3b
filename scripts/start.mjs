#!/usr/bin/env node
// `npm start`: generates the Prisma clients, compiles the server (scripts/build.mjs) and builds the
// web app when they are missing or older than their sources (a fresh clone has none of them), then
// runs the whole site in this very process (dist/standalone.js, from
// services/standalone/src/main.ts), or with `--cluster` one process per service plus the gateway,
// talking gRPC (dist/cluster.js, from services/standalone/src/cluster.ts). The server is imported,
// not spawned: no launcher stays alive beside it, and Ctrl-C or SIGTERM reach its own handlers.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildDist, distDir } from "./build.mjs";

const root = new URL("..", import.meta.url).pathname;
const entry = process.argv.includes("--cluster") ? "cluster.js" : "standalone.js";

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name === "dist") continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

try {
  await buildDist();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

// WEB_DIST names a web app built elsewhere (the e2e runs build theirs): nothing to build here then.
const index = join(root, "web/dist/index.html");
const sources = Math.max(newest(join(root, "web/src")), statSync(join(root, "web/index.html")).mtimeMs);
if (!process.env.WEB_DIST && (!existsSync(index) || statSync(index).mtimeMs < sources)) {
  console.log("Building the web app (first start or sources changed)…");
  const r = spawnSync(join(root, "node_modules/.bin/vite"), ["build", "--logLevel", "warn"], {
    cwd: join(root, "web"),
    stdio: "inherit",
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

await import(pathToFileURL(join(distDir, entry)).href);
