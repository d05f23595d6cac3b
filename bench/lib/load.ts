import { spawn, spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

/**
 * Runs autocannon's CLI in a child process, so the load generator never shares an event loop
 * with the servers it measures, pinned with taskset to the last CPU: it cannot take more than one
 * core from the servers (and Postgres), and the servers' process measures only its own CPU.
 */

const CLI = fileURLToPath(import.meta.resolve("autocannon"));
const TASKSET = spawnSync("taskset", ["-V"]).status === 0;
export const LOAD_CPU = availableParallelism() - 1;
export const pinned = TASKSET && availableParallelism() > 1;

export interface LoadRequest {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  /** Every response body must equal this (autocannon counts mismatches); binary bodies are checked on a sample instead. */
  expectBody?: string;
}

export interface LoadOptions {
  connections: number;
  durationSec: number;
}

/** The fields of autocannon's --json result we use. */
export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  mismatches: number;
  non2xx: number;
  "2xx": number;
  duration: number;
}

export function autocannon(req: LoadRequest, opts: LoadOptions): Promise<LoadResult> {
  const args = [
    CLI,
    "--json",
    "--connections",
    String(opts.connections),
    "--duration",
    String(opts.durationSec),
    "--method",
    req.method,
  ];
  if (req.expectBody !== undefined) args.push("--expectBody", req.expectBody);
  for (const [k, v] of Object.entries(req.headers)) args.push("--headers", `${k}=${v}`);
  if (req.body !== undefined) args.push("--body", req.body);
  args.push(req.url);
  const [cmd, argv] = pinned
    ? ["taskset", ["-c", String(LOAD_CPU), process.execPath, ...args]]
    : [process.execPath, args];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      err += c.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const line = out.trim().split("\n").pop() ?? "";
      if (code !== 0 || !line) {
        reject(new Error(`autocannon exited with ${code}: ${err.trim()}`));
        return;
      }
      resolve(JSON.parse(line) as LoadResult);
    });
  });
}
