// The environment every site load bench reads (gateway, pages): where PostgreSQL is, how hard and how
// long to load, which targets to measure. Each bench adds its own keys to this shape.
import { z } from "@wenku/kit";

export const loadBenchEnv = {
  /** The PostgreSQL server; the bench creates and drops its own database on it. */
  TEST_DATABASE_URL: z.string().url().default("postgres://root@127.0.0.1:5432/test"),
  BENCH_CONNECTIONS: z.coerce.number().int().min(1).default(32),
  BENCH_DURATION_SEC: z.coerce.number().int().min(1).default(10),
  BENCH_WARMUP_SEC: z.coerce.number().int().min(0).default(3),
  /** Comma-separated target keys to measure (e.g. "bare,connect_direct" when profiling); all when unset. */
  BENCH_ONLY: z.string().optional(),
};

/** The targets BENCH_ONLY names (all of them when it is unset). */
export function chosen<T extends { key: string }>(targets: T[], only: string | undefined): T[] {
  const keys = only?.split(",").map((k) => k.trim());
  return targets.filter((t) => !keys || keys.includes(t.key));
}
