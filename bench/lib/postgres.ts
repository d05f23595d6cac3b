// The CPU time PostgreSQL spends for a bench: read from /proc (Linux), summing utime + stime of the
// server's processes that work for the bench's database — its backends (`postgres: … <user> <db> …`)
// and the server's own auxiliary processes (checkpointer, background writer, walwriter …) — while
// backends of other databases (tests or benches running beside this one) are left out. Backends come
// and go (pools close idle connections, open new ones under load): /proc is read every half second and
// each process's growth added up, so one that exits loses at most its last half second, and one that
// starts counts from its start (forking and authenticating a backend is part of the cost).
import { readdirSync, readFileSync } from "node:fs";

const TICK_US = 1e6 / 100; // USER_HZ is 100 on every Linux ABI node runs on
const EVERY_MS = 500;

export interface PostgresCpu {
  /** CPU µs used by the counted processes since this sampler started. */
  sample(): number;
  /** Why it cannot measure (no /proc, no postgres process readable); null when it can. */
  unavailable: string | null;
  close(): void;
}

/** Sums the CPU of the PostgreSQL processes working for `database` (its backends and the server's own). */
export function postgresCpu(database: string): PostgresCpu {
  const counted = (cmdline: string) => {
    // a backend: "postgres: 15/main: root wenku_bench_123 127.0.0.1(41052) idle" (or "… [local] idle");
    // the postmaster ("…/bin/postgres -D …") and the auxiliary processes ("postgres: 15/main: walwriter") have no client
    const words = cmdline.replace(/^postgres: (?:[^ :]+: )?/, "").split(" ");
    const backend = /\(\d+\)$|^\[local\]$/.test(words[2] ?? "");
    return !backend || words[1] === database;
  };
  /** Ticks used so far by each counted process. */
  const scan = () => {
    const ticks = new Map<string, number>();
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
        const close = stat.lastIndexOf(")");
        if (stat.slice(stat.indexOf("(") + 1, close) !== "postgres") continue;
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, "latin1").replaceAll("\0", " ").trim();
        if (!counted(cmdline)) continue;
        // the fields after ")" start at state (field 3); utime and stime are fields 14 and 15
        const f = stat.slice(close + 2).split(" ");
        ticks.set(pid, Number(f[11]) + Number(f[12]));
      } catch {
        // the process ended between readdir and read
      }
    }
    return ticks;
  };
  let unavailable: string | null = null;
  let last = new Map<string, number>();
  try {
    last = scan();
    if (last.size === 0)
      unavailable = "no postgres process in /proc (PostgreSQL on another host or in another PID namespace)";
  } catch (err) {
    unavailable = `/proc is not readable: ${(err as Error).message}`;
  }
  let total = 0;
  const update = () => {
    const now = scan();
    for (const [pid, t] of now) total += Math.max(0, t - (last.get(pid) ?? 0));
    last = now;
    return total * TICK_US;
  };
  const timer = unavailable ? null : setInterval(update, EVERY_MS);
  timer?.unref();
  return {
    sample: update,
    unavailable,
    close: () => {
      if (timer) clearInterval(timer);
    },
  };
}
