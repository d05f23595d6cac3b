// Rate limits every replica of a service shares: rate-limiter-flexible's RateLimiterPostgres counters in
// a `rate_limits` table of the service's own schema. The table comes from the service's committed
// migration (the library is told it exists and never creates anything at runtime).
import { createHash } from "node:crypto";
import type { Interceptor } from "@connectrpc/connect";
import pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { fullMethodName } from "./access.js";
import { DomainError } from "./errors.js";
import { type CallContext, callKey } from "./identity.js";
import type { Logger } from "./logger.js";

const RATE_LIMIT_TABLE = "rate_limits";

/** One limit: at most `points` per `duration` seconds and key, the window starting at the first use. */
export interface LimitSpec {
  /** Unique per limit inside a store: the keys' prefix. */
  prefix: string;
  points: number;
  duration: number;
  /** Once exceeded, the key is refused for this many seconds (instead of until its window ends). */
  blockDuration?: number;
}

export type Limiter = RateLimiterPostgres;
export { RateLimiterRes };

export interface RateLimitStore {
  /** A limiter over this store's table; limiters of every process with the same prefix share counts. */
  limiter(spec: LimitSpec): Limiter;
  /** Deletes rows whose window or block ended more than an hour before `nowMs`. */
  sweep(nowMs?: number): Promise<number>;
  close(): Promise<void>;
}

interface RateLimitStoreOptions {
  connectionString: string;
  /** The service's own schema, holding `rate_limits` (its migration creates it). */
  schema: string;
  log: Logger;
  /** Connections of the store's own pool (default 4). */
  poolSize?: number;
  /** How often expired rows are swept (default 5 min; 0: never, e.g. in tests). */
  sweepEveryMs?: number;
}

const SAFE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function createRateLimitStore(opts: RateLimitStoreOptions): RateLimitStore {
  if (!SAFE_NAME.test(opts.schema)) throw new Error(`invalid schema name ${opts.schema}`);
  const pool = new pg.Pool({ connectionString: opts.connectionString, max: opts.poolSize ?? 4 });
  // An idle connection dropped by the server must not take the process down; the next query reconnects.
  pool.on("error", (err) => opts.log.warn({ err }, "rate limits: idle connection lost"));
  const prefixes = new Set<string>();
  const table = `"${opts.schema}"."${RATE_LIMIT_TABLE}"`;

  const store: RateLimitStore = {
    limiter(spec) {
      if (prefixes.has(spec.prefix)) throw new Error(`rate limit ${spec.prefix} is defined twice`);
      prefixes.add(spec.prefix);
      return new RateLimiterPostgres({
        storeClient: pool,
        storeType: "pool",
        schemaName: opts.schema,
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        clearExpiredByTimeout: false, // one sweep per store below, not a timer per limiter
        keyPrefix: spec.prefix,
        points: spec.points,
        duration: spec.duration,
        blockDuration: spec.blockDuration ?? 0,
      });
    },
    async sweep(nowMs = Date.now()) {
      const r = await pool.query(`DELETE FROM ${table} WHERE expire < $1`, [nowMs - 3_600_000]);
      return r.rowCount ?? 0;
    },
    async close() {
      if (timer) clearInterval(timer);
      await pool.end();
    },
  };
  const every = opts.sweepEveryMs ?? 5 * 60_000;
  const timer =
    every > 0
      ? setInterval(() => {
          store.sweep().catch((err) => opts.log.warn({ err }, "rate limits: sweep failed"));
        }, every)
      : null;
  timer?.unref();
  return store;
}

/** The library refused (limit reached). Its other rejections are store errors (`Error`). */
export function isRefusal(x: unknown): x is RateLimiterRes {
  return x instanceof RateLimiterRes;
}

/** Whole seconds until `msBeforeNext` passed, at least 1 (the Retry-After value). */
function retryAfterSeconds(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

/** "45 秒", "3 分钟", "5 小时" — rounded up, for messages. */
function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} 秒`;
  if (seconds < 2 * 3600) return `${Math.ceil(seconds / 60)} 分钟`;
  return `${Math.ceil(seconds / 3600)} 小时`;
}

const defaultRefusal = (wait: string) => `操作过于频繁，请 ${wait}后再试`;

/** The refusal every limit answers: ResourceExhausted (HTTP 429) with `retry-after` seconds. */
export function tooManyRequests(msBeforeNext: number, message: (wait: string) => string = defaultRefusal): DomainError {
  const seconds = retryAfterSeconds(msBeforeNext);
  return new DomainError("resource_exhausted", message(waitText(seconds)), seconds);
}

/**
 * A key part for what a user typed (account name, e-mail, mobile): normalised (NFKC, trimmed, lower
 * case) and hashed, so keys stay short and the table holds no addresses.
 */
export function identifierKey(value: string): string {
  return createHash("sha256").update(value.normalize("NFKC").trim().toLowerCase()).digest("base64url").slice(0, 32);
}

/** The client address as a key part ("-" when the call did not come through the gateway). */
export function addressKey(call: Pick<CallContext, "clientIp">): string {
  return call.clientIp.slice(0, 64) || "-";
}

/**
 * Consumes one point of each limit; throws the refusal (the longest wait) when any is exhausted.
 * Store failures propagate (the caller's RPC fails; nothing is let through unchecked).
 */
export async function consumeAll(
  uses: ReadonlyArray<{ limiter: Limiter; key: string }>,
  message?: (wait: string) => string,
): Promise<void> {
  const results = await Promise.allSettled(uses.map((u) => u.limiter.consume(u.key)));
  let wait = -1;
  for (const r of results) {
    if (r.status === "fulfilled") continue;
    if (!isRefusal(r.reason)) throw r.reason;
    wait = Math.max(wait, r.reason.msBeforeNext);
  }
  if (wait >= 0) throw tooManyRequests(wait, message);
}

/** A limit on the calls of one RPC. */
export interface RequestLimit {
  limiter: Limiter;
  /**
   * The call's key for this limit; null skips it (e.g. the field it keys on is empty). Default: the
   * client address. `message` is the decoded request (undefined for client-streaming RPCs).
   */
  key?: (message: unknown, call: CallContext) => string | null;
  message?: (wait: string) => string;
}

/**
 * Counts every call of the listed RPCs (full method names, e.g. "/api.v1.UserAPI/Register") against
 * their limits before the handler runs; an exhausted limit answers ResourceExhausted + retry-after.
 * Place it after the access interceptor (which establishes the client address).
 */
export function rateLimitInterceptor(rules: ReadonlyMap<string, readonly RequestLimit[]>): Interceptor {
  return (next) => async (req) => {
    const limits = rules.get(fullMethodName(req.method));
    if (limits?.length) {
      const call = req.contextValues.get(callKey);
      const message = req.stream ? undefined : req.message;
      const uses: Array<{ limiter: Limiter; key: string }> = [];
      for (const l of limits) {
        const key = l.key ? l.key(message, call) : addressKey(call);
        if (key !== null) uses.push({ limiter: l.limiter, key });
      }
      await consumeAll(uses, limits.find((l) => l.message)?.message);
    }
    return next(req);
  };
}
