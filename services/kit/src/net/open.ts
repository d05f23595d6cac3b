// The guarded fetcher's streaming form, for bodies too big to hold in memory (the spider's downloads):
// the same guard as guardedFetch (http(s) only, the address checked after DNS and pinned, again on every
// redirect, the operator's `allow` list, at most `maxRedirects` redirects, one deadline for the whole
// exchange), but the answer comes back with its status and headers whatever the status (a crawler reads
// 304, 429 and Retry-After), and its body is a stream cut at `maxBytes`. The caller reads the body or
// calls `close()`; either way the connection ends with the answer.
import { Readable } from "node:stream";
import { request } from "undici";
import {
  checkUrl,
  FetchRefused,
  fetchMessages,
  type GuardedFetchOptions,
  guardedCall,
  REDIRECT,
  refusalOf,
} from "./fetch.js";

export interface GuardedOpenOptions extends Omit<GuardedFetchOptions, "accept"> {
  /** Request headers (user-agent, accept, If-None-Match …); host and connection are undici's. */
  headers?: Record<string, string>;
}

export interface OpenedAnswer {
  /** The URL that answered (after redirects). */
  url: string;
  status: number;
  /** Response headers, names in lower case, the first value of a repeated one. */
  headers: Record<string, string>;
  /** The answer's content-type, lower case, without parameters ("" when none). */
  contentType: string;
  /**
   * The body, cut with a FetchRefused "too_large" once it passes maxBytes (a declared length over it is
   * refused before the first byte) and failing with "timeout" past the deadline. Read it once.
   */
  body: Readable;
  /** Ends the exchange (the body unread is dropped). Idempotent. */
  close(): void;
}

/** GETs `raw` under the guard and returns the answer at the end of its redirects, whatever its status. */
export async function guardedOpen(raw: string | URL, options: GuardedOpenOptions): Promise<OpenedAnswer> {
  const allow = options.allow ?? [];
  const maxRedirects = options.maxRedirects ?? 5;
  const { deadline, signal, agent } = guardedCall(allow, options);
  const close = () => {
    agent.destroy().catch(() => undefined);
  };
  try {
    let url = checkUrl(raw, allow);
    for (let hop = 0; ; hop++) {
      const res = await request(url, { method: "GET", dispatcher: agent, signal, headers: options.headers });
      // a body destroyed unread (a refusal, close()) emits an error nobody else listens to; reading it still fails
      res.body.on("error", () => undefined);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) {
        const first = Array.isArray(value) ? value[0] : value;
        if (first !== undefined) headers[name.toLowerCase()] = first;
      }
      if (REDIRECT.has(res.statusCode) && headers.location) {
        await res.body.dump().catch(() => undefined);
        if (hop >= maxRedirects) throw new FetchRefused("redirects", fetchMessages.redirects);
        url = checkUrl(new URL(headers.location, url), allow);
        continue;
      }
      const declared = Number(headers["content-length"]);
      if (res.statusCode >= 200 && res.statusCode < 300 && Number.isFinite(declared) && declared > options.maxBytes) {
        res.body.destroy();
        throw new FetchRefused("too_large", fetchMessages.tooLarge(options.maxBytes));
      }
      const contentType = headers["content-type"]?.split(";")[0]?.trim().toLowerCase() ?? "";
      const body = Readable.from(capped(res.body, options.maxBytes, deadline, options.timeoutMs), {
        objectMode: false,
      });
      body.once("close", close);
      return { url: url.href, status: res.statusCode, headers, contentType, body, close: () => body.destroy() };
    }
  } catch (err) {
    close();
    throw refusalOf(err, deadline.aborted, options.timeoutMs);
  }
}

/** The body's chunks, refused past `max` bytes; a failure becomes the FetchRefused it stands for. */
async function* capped(
  body: AsyncIterable<Buffer> & { destroy(): void },
  max: number,
  deadline: AbortSignal,
  timeoutMs: number,
): AsyncGenerator<Buffer> {
  let size = 0;
  try {
    for await (const chunk of body) {
      size += chunk.length;
      if (size > max) throw new FetchRefused("too_large", fetchMessages.tooLarge(max));
      yield chunk;
    }
  } catch (err) {
    throw refusalOf(err, deadline.aborted, timeoutMs);
  } finally {
    body.destroy();
  }
}
