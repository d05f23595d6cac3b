// Every request the spider makes: through the kit's guarded fetcher (guardedOpen: public addresses only
// unless SPIDER_ALLOW_HOSTS names them, checked after DNS and on every redirect, bounded bytes and time),
// one at a time per host with the site's interval (host-gate.ts), robots.txt honoured for our User-Agent
// (robots-parser, cached per origin for an hour), and a busy site waited for: 429 or 503 with Retry-After
// holds the host off that long (at most RETRY_AFTER_CAP_MS), other 5xx and network failures back off
// exponentially from the interval; after MAX_ATTEMPTS the last answer or failure stands.
import { type AllowHosts, FetchRefused, guardedOpen, type OpenedAnswer } from "@wenku/kit/net";
import robots from "robots-parser";
import type { HostGate } from "./host-gate.js";

export const RETRY_AFTER_CAP_MS = 120_000;
const BACKOFF_CAP_MS = 60_000;
const MAX_ATTEMPTS = 3;
const ROBOTS_MAX_BYTES = 512 * 1024;
const ROBOTS_TTL_MS = 3600_000;
// robots-parser is CommonJS (module.exports = the parser); its types describe an ES default export
const robotsParser = robots as unknown as typeof robots.default;

export interface PoliteOptions {
  gate: HostGate;
  allow: AllowHosts;
  /** Sent with every request ("WenkuSpider/1.0 (+https://site)"), and the name robots.txt rules match. */
  userAgent: () => Promise<string>;
  timeoutMs: number;
  now?: () => number;
}

export interface RequestOptions {
  intervalMs: number;
  maxBytes: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Retry-After in ms (seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

const retriable = (err: unknown) =>
  err instanceof FetchRefused && (err.reason === "network" || err.reason === "timeout");

export function createPoliteFetcher(o: PoliteOptions) {
  const now = o.now ?? Date.now;
  const robots = new Map<string, { at: number; rules: Promise<(url: string, ua: string) => boolean> }>();

  /**
   * GETs `url` politely and hands the final answer to `use` while the host is still ours (the body is read
   * inside the turn). 429/503 and failures are retried as described above.
   */
  async function request<T>(url: string, opt: RequestOptions, use: (a: OpenedAnswer) => Promise<T>): Promise<T> {
    const host = new URL(url).host;
    const ua = await o.userAgent();
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= MAX_ATTEMPTS;
      const outcome = await o.gate.turn(
        host,
        opt.intervalMs,
        async (): Promise<{ done: T } | { retry: number }> => {
          let answer: OpenedAnswer;
          try {
            answer = await guardedOpen(url, {
              maxBytes: opt.maxBytes,
              timeoutMs: o.timeoutMs,
              allow: o.allow,
              signal: opt.signal,
              headers: { "user-agent": ua, ...opt.headers },
            });
          } catch (err) {
            if (last || !retriable(err)) throw err;
            return { retry: Math.min(BACKOFF_CAP_MS, opt.intervalMs * 2 ** attempt) };
          }
          if (!last && (answer.status >= 500 || answer.status === 429)) {
            answer.close();
            const asked = retryAfterMs(answer.headers["retry-after"], now());
            const wait =
              (answer.status === 429 || answer.status === 503) && asked !== null
                ? Math.min(RETRY_AFTER_CAP_MS, asked)
                : Math.min(BACKOFF_CAP_MS, Math.max(1000, opt.intervalMs) * 2 ** attempt);
            return { retry: wait };
          }
          try {
            return { done: await use(answer) };
          } finally {
            answer.close();
          }
        },
        opt.signal,
      );
      if ("done" in outcome) return outcome.done;
      o.gate.holdOff(host, outcome.retry);
    }
  }

  /** Whether robots.txt of `url`'s origin lets our User-Agent fetch it (cached per origin for an hour). */
  async function allowed(url: string, intervalMs: number, signal?: AbortSignal): Promise<boolean> {
    const origin = new URL(url).origin;
    let entry = robots.get(origin);
    if (!entry || now() - entry.at > ROBOTS_TTL_MS) {
      const robotsUrl = `${origin}/robots.txt`;
      const rules = request(robotsUrl, { intervalMs, maxBytes: ROBOTS_MAX_BYTES, signal }, async (a) => {
        if (a.status >= 200 && a.status < 300) {
          const text = (await a.body.toArray()).map((c: Buffer) => c.toString("utf8")).join("");
          const parsed = robotsParser(robotsUrl, text);
          return (u: string, name: string) => parsed.isAllowed(u, name) !== false;
        }
        // 4xx: no robots.txt, everything allowed; 5xx (after the retries): nothing is, as search engines do
        return a.status >= 400 && a.status < 500 ? () => true : () => false;
      }).catch((err: unknown) => {
        robots.delete(origin); // asked again next time
        throw err;
      });
      entry = { at: now(), rules };
      robots.set(origin, entry);
      if (robots.size > 10_000) robots.delete(robots.keys().next().value as string);
    }
    const rules = await entry.rules;
    return rules(url, (await o.userAgent()).split("/")[0] ?? "WenkuSpider");
  }

  return { request, allowed };
}
export type PoliteFetcher = ReturnType<typeof createPoliteFetcher>;
