#!/usr/bin/env node
// `npm start`: generates the Prisma clients and builds the web app when they are missing or older
// than their sources (a fresh clone has neither), then runs the
// whole site in one process (services/standalone/src/main.ts), or with `--cluster` one process per
// service plus the gateway, talking gRPC (services/standalone/src/cluster.ts).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { generatePrismaClients } from "./prisma-generate.mjs";

const root = new URL("..", import.meta.url).pathname;
const entry = process.argv.includes("--cluster") ? "cluster.ts" : "main.ts";

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name === "dist") continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const generated = await generatePrismaClients();
if (generated.length)
  console.log(`Generated the Prisma clients of ${generated.join(", ")} (first start or schema changed)`);

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

const child = spawn(process.execPath, ["--import", "tsx", join(root, "services/standalone/src", entry)], {
  cwd: root,
  stdio: "inherit",
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
