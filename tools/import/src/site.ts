// The site's public REST API as the importer uses it: JSON calls and the multipart document upload, each
// with a deadline, retried with backoff on 5xx, 429 (after its Retry-After) and network errors.
import { openAsBlob } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

const BACKOFF_MAX_MS = 30_000;
/** The longest Retry-After waited for; a longer one ends the file (and the run: SiteError.exhausted). */
const RETRY_AFTER_MAX_MS = 120_000;

/** A refusal or failure of the site: the HTTP status (0: no answer) and the site's message. */
export class SiteError extends Error {
  override name = "SiteError";
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterMs = 0,
  ) {
    super(message);
  }
  /**
   * A refusal until later (429 whose Retry-After is minutes away: a daily upload quota used up), not a
   * request to slow down: asking again soon is pointless, and so is sending the next files.
   */
  get exhausted(): boolean {
    return this.status === 429 && this.retryAfterMs > RETRY_AFTER_MAX_MS;
  }
  /** Worth asking again: the site or the network failed, or it asked us to slow down. */
  get retryable(): boolean {
    if (this.status === 429) return !this.exhausted;
    return this.status === 0 || (this.status >= 500 && this.status !== 501);
  }
}

export interface SiteOptions {
  url: string;
  token?: string;
  retries: number;
  /** Deadline of one request (uploads get the caller's signal on top). */
  requestTimeoutMs?: number;
  /** Backoff base (tests shorten it). */
  backoffMs?: number;
}

type Query = Record<string, string | number | readonly (string | number)[] | undefined>;

interface CallInit {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

function retryAfterMs(header: string | null): number {
  if (!header) return 0;
  const s = Number(header);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 0 : Math.max(0, at - Date.now());
}

async function readError(res: Response): Promise<SiteError> {
  const text = await res.text().catch(() => "");
  let message = text.slice(0, 300) || res.statusText;
  try {
    const j = JSON.parse(text) as { message?: unknown };
    if (typeof j.message === "string" && j.message) message = j.message;
  } catch {
    // not JSON: the text itself
  }
  return new SiteError(res.status, message, retryAfterMs(res.headers.get("retry-after")));
}

/** fetch's "fetch failed" with its cause (ECONNREFUSED, a timeout …). */
function networkReason(e: unknown): string {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  if (err.name === "TimeoutError") return "请求超时";
  const cause = err.cause?.code ?? err.cause?.message;
  return cause ? `${err.message}（${cause}）` : err.message;
}

function signals(signal: AbortSignal | undefined, deadlineMs: number | null): AbortSignal | undefined {
  const all = [signal, deadlineMs === null ? undefined : AbortSignal.timeout(deadlineMs)].filter(
    (s): s is AbortSignal => s !== undefined,
  );
  return all.length > 1 ? AbortSignal.any(all) : all[0];
}

export type Site = ReturnType<typeof createSite>;

export function createSite(o: SiteOptions) {
  let token = o.token ?? "";
  const timeoutMs = o.requestTimeoutMs ?? 60_000;
  const backoff = o.backoffMs ?? 500;

  function url(path: string, query?: Query): string {
    const u = new URL(o.url + path);
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v === undefined) continue;
      for (const one of Array.isArray(v) ? v : [v]) u.searchParams.append(k, String(one));
    }
    return u.toString();
  }

  /** One request, retried; `body` is made anew for each attempt (a file is reopened). */
  async function send(
    method: string,
    target: string,
    body: () => Promise<{ body?: string | FormData; type?: string }>,
    signal?: AbortSignal,
    /** null: no deadline of its own (an upload runs under the caller's per-file signal). */
    deadlineMs: number | null = timeoutMs,
  ): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      let err: SiteError;
      try {
        const b = await body();
        const res = await fetch(target, {
          method,
          headers: {
            accept: "application/json",
            ...(b.type ? { "content-type": b.type } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: b.body,
          signal: signals(signal, deadlineMs),
        });
        if (res.ok) return res;
        err = await readError(res);
      } catch (e) {
        if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new SiteError(0, "已取消");
        err = e instanceof SiteError ? e : new SiteError(0, `无法连接站点：${networkReason(e)}`);
      }
      if (!err.retryable || attempt >= o.retries) throw err;
      const wait = err.retryAfterMs || Math.min(BACKOFF_MAX_MS, backoff * 2 ** attempt) * (0.5 + Math.random() / 2);
      await sleep(wait, undefined, signal ? { signal } : undefined);
    }
  }

  async function call<T>(method: string, path: string, init: CallInit = {}): Promise<T> {
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    const res = await send(
      method,
      url(path, init.query),
      async () => (body === undefined ? {} : { body, type: "application/json" }),
      init.signal,
    );
    const text = await res.text();
    return (text ? JSON.parse(text) : {}) as T;
  }

  return {
    setToken(t: string) {
      token = t;
    },
    get: <T>(path: string, query?: Query, signal?: AbortSignal) => call<T>("GET", path, { query, signal }),
    post: <T>(path: string, body: unknown, signal?: AbortSignal) => call<T>("POST", path, { body, signal }),

    /** Uploads one file as the browser does (multipart field "file"), streamed from disk. */
    async upload<T>(path: string, file: string, name: string, signal?: AbortSignal): Promise<T> {
      const res = await send(
        "POST",
        url(path),
        async () => {
          const form = new FormData();
          form.set("file", await openAsBlob(file), name);
          return { body: form };
        },
        signal,
        signal ? null : timeoutMs,
      );
      return (await res.json()) as T;
    },
  };
}
