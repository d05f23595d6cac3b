// The real servers the fault suite stops and starts under the cluster: a PostgreSQL of its own
// (Debian's binaries, PG_BIN, on a free port with a throwaway data dir; run as the `postgres` account
// when the suite runs as root, as initdb refuses root) and a NATS JetStream server of its own
// (NATS_SERVER_BIN, its store in a throwaway dir, so a restart keeps the streams as a real one does).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, rmSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const PG_BIN = process.env.PG_BIN || "/usr/lib/postgresql/15/bin";
const NATS_SERVER_BIN = process.env.NATS_SERVER_BIN || "/usr/sbin/nats-server";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on the port. */
export async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const s = createConnection({ port, host: "127.0.0.1" });
      s.once("connect", () => {
        s.destroy();
        resolve(true);
      });
      s.once("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Runs `cmd` as the postgres account when this process is root (initdb and postgres refuse root). */
function asPostgres(cmd: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
}

export class Postgres {
  readonly dir = mkdtempSync(join(tmpdir(), "wenku-faults-pg-"));
  readonly data = join(this.dir, "data");
  private constructor(readonly port: number) {}

  /** A fresh cluster (trust auth on loopback), started; its database `wenku`. */
  static async start(): Promise<Postgres> {
    const pg = new Postgres(await freePort());
    chmodSync(pg.dir, 0o755);
    if (process.getuid?.() === 0) {
      const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }));
      chownSync(pg.dir, id("-u"), id("-g"));
    }
    const [cmd, args] = asPostgres(join(PG_BIN, "initdb"), [
      "-D",
      pg.data,
      "-U",
      "postgres",
      "--auth=trust",
      "--no-sync",
      "-E",
      "UTF8",
    ]);
    execFileSync(cmd, args, { stdio: "ignore" });
    await pg.up();
    const [psql, psqlArgs] = asPostgres(join(PG_BIN, "psql"), [
      "-h",
      "127.0.0.1",
      "-p",
      String(pg.port),
      "-U",
      "postgres",
      "-c",
      "CREATE DATABASE wenku",
    ]);
    execFileSync(psql, psqlArgs, { stdio: "ignore" });
    return pg;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/wenku`;
  }

  /** Starts the server and waits until it takes connections. */
  async up(): Promise<void> {
    const [cmd, args] = asPostgres(join(PG_BIN, "pg_ctl"), [
      "-D",
      this.data,
      "-l",
      join(this.dir, "log"),
      "-w",
      "-o",
      `-p ${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off`,
      "start",
    ]);
    execFileSync(cmd, args, { stdio: "ignore" });
    await waitForPort(this.port, 30_000);
  }

  /** Stops it the way an operator's restart does (fast: open sessions are ended, not waited for). */
  down(): void {
    const [cmd, args] = asPostgres(join(PG_BIN, "pg_ctl"), ["-D", this.data, "-m", "fast", "-w", "stop"]);
    execFileSync(cmd, args, { stdio: "ignore" });
  }

  destroy(): void {
    try {
      this.down();
    } catch {} // already down
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export class Nats {
  readonly store = mkdtempSync(join(tmpdir(), "wenku-faults-nats-"));
  private child: ChildProcess | undefined;
  private constructor(readonly port: number) {}

  static async start(): Promise<Nats> {
    const nats = new Nats(await freePort());
    await nats.up();
    return nats;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    const child = spawn(NATS_SERVER_BIN, ["-a", "127.0.0.1", "-p", String(this.port), "-js", "-sd", this.store], {
      stdio: "ignore",
    });
    child.on("error", (err) => console.error(`nats-server: ${err.message}`));
    this.child = child;
    await waitForPort(this.port, 15_000);
  }

  /** Stops the server (SIGTERM: JetStream writes its state and exits) and waits until it is gone. */
  async down(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
    this.child = undefined;
  }

  async destroy(): Promise<void> {
    await this.down();
    rmSync(this.store, { recursive: true, force: true });
  }
}
