// The one guarded fetcher: every server-side fetch of a URL a user or an administrator gave us goes
// through here (article images, OAuth and SMS vendors; the spider through open.ts, its streaming form).
// It refuses what would let such a URL reach inside our network or hold a process:
// - http and https only; at most `maxRedirects` redirects, each one checked like the first URL;
// - the address is checked AFTER DNS resolution, at connect time, and the connection goes to exactly
//   the address checked (the connector's lookup answers the checked address: no DNS rebinding between
//   the check and the connection); IP literals are checked before connecting (no lookup happens for them);
// - loopback, private, link-local, multicast, unspecified, reserved, this host's own addresses, and the
//   IPv6 forms carrying an IPv4 address are refused (address.ts), unless the operator's `allow` list
//   (FETCH_ALLOW_HOSTS, allow.ts) names the connection's host, address or range (and port);
// - the body is streamed and cut once it passes `maxBytes`; the whole exchange (every redirect and the
//   body) has one deadline, `timeoutMs`.
// Refusals are FetchRefused with a message for users (zh-CN) and a reason for code and logs.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { Agent, buildConnector, type Dispatcher, request } from "undici";
import { isPublicAddress } from "./address.js";
import { type AllowHosts, isAllowed } from "./allow.js";

export type FetchRefusal =
  | "bad_url"
  | "scheme"
  | "address"
  | "redirects"
  | "status"
  | "too_large"
  | "timeout"
  | "network"
  | "type";

/** A fetch the guard refused or that failed; `message` is for users. */
export class FetchRefused extends Error {
  constructor(
    readonly reason: FetchRefusal,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "FetchRefused";
  }
}

export interface GuardedFetchOptions {
  /** The body is cut (and the fetch refused) past this many bytes. */
  maxBytes: number;
  /** The whole exchange, redirects and body included. */
  timeoutMs: number;
  /** Redirects followed (each checked as the first URL); one more is refused. */
  maxRedirects?: number;
  /** Sent as Accept. */
  accept?: string;
  /**
   * The operator's exceptions: hosts, addresses and ranges let through although not public
   * (FETCH_ALLOW_HOSTS, parsed at start-up). Empty by default: public addresses only.
   */
  allow?: AllowHosts;
  signal?: AbortSignal;
}

export interface FetchedBody {
  /** The URL that answered (after redirects). */
  url: string;
  /** The answer's content-type, lower case, without parameters ("" when none). */
  contentType: string;
  /** Its charset parameter, lower case ("" when none). */
  charset: string;
  bytes: Buffer;
}

export const fetchMessages = {
  badUrl: "地址格式不正确",
  scheme: "只能获取 http:// 或 https:// 地址",
  address: "不能获取内网、本机或保留地址的内容",
  redirects: "地址重定向次数过多",
  status: (status: number) => `对方服务器返回了错误（HTTP ${status}）`,
  tooLarge: (max: number) => `内容超过 ${formatBytes(max)}`,
  timeout: (ms: number) => `获取超时（超过 ${Math.round(ms / 1000)} 秒）`,
  network: "无法连接到对方服务器",
  notImage: "该地址返回的不是 JPG、PNG、GIF 或 WebP 图片",
} as const;

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round((n / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(n / 1024)} KB`;
}

export const REDIRECT = new Set([301, 302, 303, 307, 308]);
const DEFAULT_REDIRECTS = 5;

const defaultPort = (protocol: string) => (protocol === "https:" ? 443 : 80);

/** Whether one connection may go to `address`: a public one, or one the operator's list lets through. */
const mayConnect = (allow: AllowHosts, host: string, port: number, address: string) =>
  isPublicAddress(address) || isAllowed(allow, { host, port, address });

/** The lookup of one connection to host:port: resolve, refuse unless every answer may be reached, pin. */
function guardedLookup(allow: AllowHosts, port: number): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, "", 0);
      // one bad answer refuses the name: a host that also resolves inside is not a public site
      if (!addresses.length || addresses.some((a) => !mayConnect(allow, hostname, port, a.address))) {
        const refused = new FetchRefused("address", fetchMessages.address);
        return callback(Object.assign(refused, { code: "EWENKU_ADDRESS" }), "", 0);
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses as [LookupAddress];
      callback(null, first.address, first.family);
    });
  };
}

/** Every connection of one fetch: undici's connector with the guarded lookup for that host and port. */
function guardedConnector(allow: AllowHosts): buildConnector.connector {
  return (opts, callback) => {
    const port = Number(opts.port) || defaultPort(opts.protocol);
    buildConnector({ lookup: guardedLookup(allow, port) })(opts, callback);
  };
}

/** The URL parsed and checked for scheme and (when it is an IP literal) address. */
export function checkUrl(raw: string | URL, allow: AllowHosts): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused("bad_url", fetchMessages.badUrl);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchRefused("scheme", fetchMessages.scheme);
  if (!url.hostname || url.username || url.password) throw new FetchRefused("bad_url", fetchMessages.badUrl);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const port = Number(url.port) || defaultPort(url.protocol);
  if (isIP(host) && !mayConnect(allow, host, port, host)) throw new FetchRefused("address", fetchMessages.address);
  return url;
}

/** The FetchRefused a failure stands for: the guard's own, a timeout, or "cannot connect". */
export function refusalOf(err: unknown, timedOut: boolean, timeoutMs: number): FetchRefused {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof FetchRefused) return e;
    if (e instanceof AggregateError) {
      const inner = e.errors.find((x) => x instanceof FetchRefused);
      if (inner) return inner;
    }
  }
  if (timedOut) return new FetchRefused("timeout", fetchMessages.timeout(timeoutMs), { cause: err });
  return new FetchRefused("network", fetchMessages.network, { cause: err });
}

/** Reads at most `max` bytes of a body; more cuts the connection and refuses. */
async function readCapped(body: Dispatcher.ResponseData["body"], max: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > max) {
      body.destroy();
      throw new FetchRefused("too_large", fetchMessages.tooLarge(max));
    }
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts, size);
}

/** One call's deadline (with the caller's signal) and its own guarded connection. */
export function guardedCall(allow: AllowHosts, options: { timeoutMs: number; signal?: AbortSignal }) {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const agent = new Agent({
    connect: guardedConnector(allow),
    connections: 1,
    pipelining: 0,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  return { deadline, signal, agent };
}

/** An answer's media type and body, refused once it declares or reaches more than `maxBytes`. */
async function answerOf(
  res: Dispatcher.ResponseData,
  maxBytes: number,
): Promise<{ contentType: string; charset: string; bytes: Buffer }> {
  const declared = Number(res.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.body.destroy();
    throw new FetchRefused("too_large", fetchMessages.tooLarge(maxBytes));
  }
  const type = res.headers["content-type"];
  const [media, ...params] = ((Array.isArray(type) ? type[0] : type) ?? "").split(";");
  const contentType = media?.trim().toLowerCase() ?? "";
  const charsetParam = params.map((p) => /^\s*charset\s*=\s*"?([^";\s]+)/i.exec(p)?.[1]).find(Boolean);
  return { contentType, charset: charsetParam?.toLowerCase() ?? "", bytes: await readCapped(res.body, maxBytes) };
}

/**
 * GETs `raw` under the guard (above) and returns the body of the 2xx answer at the end of its redirects.
 * Anything else is a FetchRefused.
 */
export async function guardedFetch(raw: string | URL, options: GuardedFetchOptions): Promise<FetchedBody> {
  const allow = options.allow ?? [];
  const maxRedirects = options.maxRedirects ?? DEFAULT_REDIRECTS;
  const { deadline, signal, agent } = guardedCall(allow, options);
  try {
    let url = checkUrl(raw, allow);
    for (let hop = 0; ; hop++) {
      const res = await request(url, {
        method: "GET",
        dispatcher: agent,
        signal,
        headers: { accept: options.accept ?? "*/*", "user-agent": "Wenku/1.0 (+fetches once, then serves its copy)" },
      });
      if (REDIRECT.has(res.statusCode)) {
        await res.body.dump().catch(() => undefined);
        const location = res.headers.location;
        const next = Array.isArray(location) ? location[0] : location;
        if (!next) throw new FetchRefused("status", fetchMessages.status(res.statusCode));
        if (hop >= maxRedirects) throw new FetchRefused("redirects", fetchMessages.redirects);
        url = checkUrl(new URL(next, url), allow);
        continue;
      }
      if (res.statusCode < 200 || res.statusCode > 299) {
        await res.body.dump().catch(() => undefined);
        throw new FetchRefused("status", fetchMessages.status(res.statusCode));
      }
      return { url: url.href, ...(await answerOf(res, options.maxBytes)) };
    }
  } catch (err) {
    throw refusalOf(err, deadline.aborted, options.timeoutMs);
  } finally {
    agent.destroy().catch(() => undefined);
  }
}

/** One request to an API an administrator configured (an SMS vendor, an OAuth token endpoint). */
export interface GuardedSendOptions extends Omit<GuardedFetchOptions, "maxRedirects" | "accept"> {
  method: "POST" | "PUT" | "GET";
  headers?: Record<string, string>;
  body?: string;
}

/** The answer of a guardedSend, whatever its status (an API's error answer is worth reading). */
export interface SentAnswer {
  status: number;
  contentType: string;
  bytes: Buffer;
}

/**
 * Sends one request under the guard (address rule, one deadline, capped answer) and returns the answer
 * whatever its status: vendors answer errors as 4xx with a body that says why. Redirects are not
 * followed (an API that redirects a signed request is misconfigured); they come back as their status.
 */
export async function guardedSend(raw: string | URL, options: GuardedSendOptions): Promise<SentAnswer> {
  const allow = options.allow ?? [];
  const { deadline, signal, agent } = guardedCall(allow, options);
  try {
    const url = checkUrl(raw, allow);
    const res = await request(url, {
      method: options.method,
      dispatcher: agent,
      signal,
      headers: { "user-agent": "Wenku/1.0", ...options.headers },
      body: options.body,
    });
    return { status: res.statusCode, ...(await answerOf(res, options.maxBytes)) };
  } catch (err) {
    throw refusalOf(err, deadline.aborted, options.timeoutMs);
  } finally {
    agent.destroy().catch(() => undefined);
  }
}

/** JPEG, PNG, GIF or WebP by their first bytes (what browsers show as an image; never SVG or HTML). */
export function isRasterImage(b: Uint8Array): boolean {
  const ascii = (at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
  if (b.length >= 8 && b[0] === 0x89 && ascii(1, 3) === "PNG") return true;
  if (b.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return true;
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 4) === "WEBP") return true;
  return b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
}

/**
 * An image by URL, fetched under the guard: its bytes must be a JPEG, PNG, GIF or WebP (magic bytes, not
 * the declared type), and an answer declared as text (an HTML error page, a login wall) is refused too.
 */
export async function fetchImage(raw: string | URL, options: GuardedFetchOptions): Promise<FetchedBody> {
  const got = await guardedFetch(raw, { accept: "image/avif,image/webp,image/png,image/*;q=0.8", ...options });
  const declaredText = /^(?:text\/|application\/(?:xhtml|xml|json|javascript))/.test(got.contentType);
  if (declaredText || !isRasterImage(got.bytes)) throw new FetchRefused("type", fetchMessages.notImage);
  return got;
}
