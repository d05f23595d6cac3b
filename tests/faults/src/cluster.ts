// `npm run start:cluster` as an operator runs it, on the suite's PostgreSQL and NATS: one process per
// service and the gateway, restarted by the cluster's supervisor when they die. Its output (JSON log
// lines, each service's tagged) is kept to find the processes' ports, pids and reported restarts.
import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "./peers.js";

const root = new URL("../../../", import.meta.url).pathname;
/** Everything the cluster printed, for reading after a failure. */
export const LOG_FILE = join(root, "test-results/faults-cluster.log");

export const ADMIN_PASSWORD = "faults-admin-password";

export interface Started {
  name: string;
  pid: number;
}

export interface Restarted {
  name: string;
  code: number | null;
  signal: string | null;
  attempt: number;
  delayMs: number;
}

/** Marks a moment in the log file (a case starting, a fault injected). */
export function mark(what: string): void {
  appendFileSync(LOG_FILE, `${new Date().toISOString()} ===== ${what}\n`);
}

export class Cluster {
  readonly lines: string[] = [];
  readonly starts: Started[] = [];
  readonly restarts: Restarted[] = [];
  /** Each service's /healthz port (the gateway's is `port`). */
  readonly adminPorts = new Map<string, number>();
  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
    private readonly dir: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static async start(env: { DATABASE_URL: string; NATS_URL: string } & Record<string, string>): Promise<Cluster> {
    mkdirSync(join(root, "test-results"), { recursive: true });
    writeFileSync(LOG_FILE, "");
    const dir = mkdtempSync(join(tmpdir(), "wenku-faults-"));
    chmodSync(dir, 0o755);
    // The API is what the suite drives: an empty page stands in for the web app (no vite build).
    mkdirSync(join(dir, "web"));
    writeFileSync(join(dir, "web/index.html"), "<!doctype html><title>Wenku</title>");
    const port = await freePort();
    const full: Record<string, string | undefined> = {
      ...process.env,
      ...env,
      DATA_DIR: join(dir, "data"),
      WEB_DIST: join(dir, "web"),
      PORT: String(port),
      HOST: "127.0.0.1",
      WENKU_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_PRETTY: "false",
      LOG_LEVEL: "info",
      NODE_OPTIONS: "",
    };
    for (const k of ["JWT_SECRET", "INTERNAL_TOKEN", "GRPC_PORT", "ADMIN_PORT"]) delete full[k];
    const child = spawn(process.execPath, [join(root, "scripts/start.mjs"), "--cluster"], {
      cwd: root,
      env: full,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const cluster = new Cluster(child, port, dir);
    for (const s of [child.stdout, child.stderr])
      if (s) createInterface({ input: s }).on("line", (l) => cluster.read(l));
    const ready = Date.now() + 180_000;
    while (!(await cluster.healthy("gateway"))) {
      if (child.exitCode !== null) throw new Error(`the cluster exited (${child.exitCode}):\n${cluster.tail(40)}`);
      if (Date.now() > ready) throw new Error(`the cluster was not ready in 180 s:\n${cluster.tail(40)}`);
      await sleep(250);
    }
    return cluster;
  }

  private read(line: string): void {
    this.lines.push(line);
    appendFileSync(LOG_FILE, `${new Date().toISOString()} ${line}\n`);
    const tagged = /^\[(\w+)\]\s*(\{.*\})$/.exec(line);
    const json = (text: string) => {
      try {
        return JSON.parse(text) as Record<string, unknown>;
      } catch {
        return undefined;
      }
    };
    if (tagged) {
      const m = json(tagged[2] as string);
      if (typeof m?.adminPort === "number") this.adminPorts.set(tagged[1] as string, m.adminPort);
      return;
    }
    const m = json(line);
    if (!m || typeof m.process !== "string") return;
    if (typeof m.pid === "number") this.starts.push({ name: m.process, pid: m.pid });
    if (typeof m.attempt === "number" && typeof m.delayMs === "number") {
      this.restarts.push({
        name: m.process,
        code: (m.code as number | null) ?? null,
        signal: (m.signal as string | null) ?? null,
        attempt: m.attempt,
        delayMs: m.delayMs,
      });
    }
  }

  tail(n: number): string {
    return this.lines.slice(-n).join("\n");
  }

  /** The pid of the running process of `name` (its latest start). */
  pid(name: string): number {
    const s = this.starts.filter((x) => x.name === name).at(-1);
    if (!s) throw new Error(`no ${name} process was started`);
    return s.pid;
  }

  healthUrl(name: string): string {
    if (name === "gateway") return `${this.url}/healthz`;
    const port = this.adminPorts.get(name);
    if (!port) throw new Error(`the ${name} process has not said where it listens`);
    return `http://127.0.0.1:${port}/healthz`;
  }

  async healthy(name: string): Promise<boolean> {
    if (name !== "gateway" && !this.adminPorts.has(name)) return false;
    return fetch(this.healthUrl(name), { signal: AbortSignal.timeout(2_000) })
      .then((r) => r.ok)
      .catch(() => false);
  }

  /** SIGKILLs the process of `name`; resolves with its pid once it is gone. */
  async kill(name: string): Promise<number> {
    const pid = this.pid(name);
    process.kill(pid, "SIGKILL");
    while (alive(pid)) await sleep(20);
    return pid;
  }

  /** Waits until `name` runs again in a process other than `oldPid` and answers /healthz; the ms it took. */
  async back(name: string, oldPid: number, since: number, timeoutMs = 60_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const current = this.starts.filter((x) => x.name === name).at(-1)?.pid;
      if (current !== undefined && current !== oldPid && (await this.healthy(name))) return performance.now() - since;
      if (Date.now() > deadline) throw new Error(`${name} did not come back in ${timeoutMs} ms:\n${this.tail(30)}`);
      await sleep(100);
    }
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null) {
      const exited = new Promise((r) => this.child.once("exit", r));
      this.child.kill("SIGTERM");
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
