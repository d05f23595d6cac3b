#!/usr/bin/env node
// The services' Prisma clients (services/<service>/gen/prisma) are generated, not committed: this
// builds each from its prisma/schema.prisma, offline. A stamp beside each client records the schema
// and Prisma version it came from, so a start with nothing changed skips the work (`--force`
// regenerates anyway). Used by `npm start`, `npm test` (through generate.mjs), jest's global setup
// and the Dockerfile.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = new URL("..", import.meta.url).pathname;
const STAMP = ".schema-stamp";

function stampOf(schemaFile) {
  const prisma = JSON.parse(readFileSync(join(root, "node_modules/prisma/package.json"), "utf8")).version;
  return createHash("sha256").update(`prisma ${prisma}\n`).update(readFileSync(schemaFile)).digest("hex");
}

function generate(dir) {
  rmSync(join(dir, "gen/prisma"), { recursive: true, force: true });
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, "node_modules/.bin/prisma"), ["generate", "--schema", "prisma/schema.prisma"], {
      cwd: dir,
      // Its output is only shown when it fails: a start that generates stays readable.
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        // Prisma 7's generate never runs the schema engine but insists on a path to one; this keeps
        // it from downloading (air-gapped builds).
        PRISMA_SCHEMA_ENGINE_BINARY: "/bin/false",
        PRISMA_HIDE_UPDATE_MESSAGE: "1",
        CHECKPOINT_DISABLE: "1",
      },
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`prisma generate failed in ${dir}:\n${output}`)),
    );
  });
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
};

/**
 * One generator at a time per checkout (several jest runs or starts may begin together); a lock
 * left by a process that died is taken over. Also the compiled build's lock (build.mjs).
 */
export async function withLock(fn, name = "wenku-prisma-generate") {
  const lock = join(root, `node_modules/.cache/${name}.lock`);
  mkdirSync(join(lock, ".."), { recursive: true });
  for (const deadline = Date.now() + 180_000; ; ) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, "pid"), String(process.pid));
      break;
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
      let owner = 0; // 0: the owner has not written its pid yet, or just released the lock
      try {
        owner = Number(readFileSync(join(lock, "pid"), "utf8"));
      } catch {}
      if (owner && !alive(owner)) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`${lock} is held by process ${owner}`);
      else await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function staleServices(force) {
  const stale = [];
  for (const svc of readdirSync(join(root, "services")).sort()) {
    const dir = join(root, "services", svc);
    const schema = join(dir, "prisma/schema.prisma");
    if (!existsSync(schema)) continue;
    const stampFile = join(dir, "gen/prisma", STAMP);
    const current = existsSync(stampFile) && existsSync(join(dir, "gen/prisma/client.ts"));
    if (force || !current || readFileSync(stampFile, "utf8") !== stampOf(schema)) stale.push(svc);
  }
  return stale;
}

/** Generates the clients that are missing or stale (all with force); returns the services done. */
export async function generatePrismaClients({ force = false } = {}) {
  if (!force && staleServices(false).length === 0) return []; // the common case: no lock needed
  return withLock(async () => {
    const stale = staleServices(force); // again: another process may have just generated them
    // In parallel: each generate is mostly Node start-up and WASM, ~1–2 s of CPU.
    await Promise.all(
      stale.map(async (svc) => {
        const dir = join(root, "services", svc);
        await generate(dir);
        writeFileSync(join(dir, "gen/prisma", STAMP), stampOf(join(dir, "prisma/schema.prisma")));
      }),
    );
    return stale;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const t = performance.now();
  const done = await generatePrismaClients({ force: process.argv.includes("--force") });
  const took = `${((performance.now() - t) / 1000).toFixed(1)} s`;
  console.log(done.length ? `Prisma clients generated: ${done.join(", ")} (${took})` : "Prisma clients up to date");
}
