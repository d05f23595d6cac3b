// `npm run start:cluster` heals: a service process SIGKILLed is reported and started again by the
// cluster (services/standalone/src/supervisor.ts) and answers /healthz again; SIGTERM to the cluster
// still ends every process. Kept fast: no NATS (five processes), the web app an empty page.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { waitFor } from "@wenku/testkit";
import { createTestDatabase } from "../jest/db.js";

const root = new URL("..", import.meta.url).pathname;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let dir: string;
beforeAll(async () => {
  db = await createTestDatabase();
  dir = mkdtempSync(join(tmpdir(), "wenku-cluster-"));
  mkdirSync(join(dir, "web"));
  writeFileSync(join(dir, "web/index.html"), "<!doctype html><title>Wenku</title>");
});
afterAll(async () => {
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** What the cluster's JSON log lines said: processes started (pid) and restarted, services' health ports. */
interface Seen {
  starts: Array<{ process: string; pid: number }>;
  restarts: Array<{ process: string; signal: string | null; attempt: number; delayMs: number }>;
  adminPorts: Map<string, number>;
  out: string[];
}

/** The gateway's port: the cluster waits for it on the port it was given, so not 0. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

function startCluster(port: number): { child: ChildProcess; seen: Seen } {
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: db.url,
    DATA_DIR: join(dir, "data"),
    WEB_DIST: join(dir, "web"),
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_PRETTY: "false",
    LOG_LEVEL: "info",
    NODE_OPTIONS: "",
  };
  for (const k of ["WENKU_ADMIN_PASSWORD", "NATS_URL", "JWT_SECRET", "INTERNAL_TOKEN"]) delete env[k];
  const child = spawn(process.execPath, [join(root, "scripts/start.mjs"), "--cluster"], { cwd: root, env });
  const seen: Seen = { starts: [], restarts: [], adminPorts: new Map(), out: [] };
  for (const s of [child.stdout, child.stderr]) {
    createInterface({ input: s }).on("line", (line) => {
      seen.out.push(line);
      const tagged = /^\[(\w+)\]\s*(\{.*\})$/.exec(line);
      try {
        const m = JSON.parse(tagged ? (tagged[2] as string) : line) as Record<string, unknown>;
        if (tagged && typeof m.adminPort === "number") seen.adminPorts.set(tagged[1] as string, m.adminPort);
        if (!tagged && typeof m.process === "string" && typeof m.pid === "number") {
          seen.starts.push({ process: m.process, pid: m.pid });
        }
        if (!tagged && typeof m.process === "string" && typeof m.attempt === "number") {
          seen.restarts.push(m as unknown as Seen["restarts"][number]);
        }
      } catch {} // the banner and other plain lines
    });
  }
  return { child, seen };
}

const healthy = (port: number | undefined) =>
  port !== undefined &&
  fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) })
    .then((r) => r.ok)
    .catch(() => false);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test("a SIGKILLed service process is restarted, reported and healthy again; SIGTERM still ends them all", async () => {
  const { child, seen } = startCluster(await freePort());
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  try {
    await waitFor(() => seen.out.some((l) => /Wenku is ready/.test(l)), 150_000, "the cluster's ready box");
    const old = seen.starts.find((s) => s.process === "order")?.pid as number;
    expect(await healthy(seen.adminPorts.get("order"))).toBe(true);

    process.kill(old, "SIGKILL");
    await waitFor(() => seen.starts.some((s) => s.process === "order" && s.pid !== old), 30_000, "order restarted");
    expect(seen.restarts).toEqual([expect.objectContaining({ process: "order", signal: "SIGKILL", attempt: 1 })]);
    await waitFor(() => healthy(seen.adminPorts.get("order")), 60_000, "order healthy again");

    const pids = seen.starts.map((s) => s.pid).filter(alive);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
}, 240_000);
