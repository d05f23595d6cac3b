// The operator's exceptions to the guarded fetcher's address rule: the only way to let it reach a loopback,
// private or link-local address (an intranet image host, a test's local server). One setting, parsed and
// checked once at start-up; a service reads it as FETCH_ALLOW_HOSTS (fetchConfigShape), and a service
// that wants its own list (the spider's SPIDER_ALLOW_HOSTS) declares another key with `allowHostsSetting`
// and passes what it parsed as the fetcher's `allow`.
// Entries, comma-separated:
//   10.0.0.0/8, fd00::/8        a CIDR range: any address in it, any port
//   192.168.1.20, ::1           one address, any port
//   127.0.0.1:8080, [::1]:8080  one address, one port
//   images.intranet[:8443]      a host name: URLs naming it may reach what it resolves to (on that port)
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { type Address, parseAddress } from "./address.js";

/** One parsed entry: a host name or an address range, on one port or any. */
export interface AllowEntry {
  readonly host?: string;
  readonly range?: readonly [Address, number];
  readonly port?: number;
}

/** The parsed list a fetch is given as `allow` (empty: public addresses only). */
export type AllowHosts = readonly AllowEntry[];

/** Where one connection goes: the URL's host name (lower case, no brackets), its port, the address. */
export interface FetchTarget {
  host: string;
  port: number;
  address: string;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

function hostName(text: string): string | null {
  const host = text.toLowerCase().replace(/\.$/, "");
  if (host.length > 253 || /^[\d.]+$/.test(host)) return null; // all digits: a malformed IPv4 address
  return host.split(".").every((label) => LABEL.test(label)) ? host : null;
}

function address(text: string): Address | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  return ipaddr.IPv6.isValid(text) && !text.includes("%") ? ipaddr.IPv6.parse(text) : null;
}

function single(ip: Address): readonly [Address, number] {
  return [ip, ip.kind() === "ipv4" ? 32 : 128];
}

/** One entry parsed, or why it is not one (for the start-up error). */
export function parseAllowEntry(text: string): AllowEntry | string {
  const bad = "not a host[:port], an IP address[:port] or a CIDR range";
  if (text.includes("/")) {
    const [base = "", bits = ""] = text.split("/");
    const ip = address(base);
    const max = ip?.kind() === "ipv4" ? 32 : 128;
    if (!ip || !/^\d{1,3}$/.test(bits) || Number(bits) > max) return `${bad} (CIDR ranges are address/0-${max})`;
    return { range: [ip, Number(bits)] };
  }
  const bare = address(text);
  if (bare) return { range: single(bare) };
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(text) ?? /^([^:[\]]+)(?::(\d+))?$/.exec(text);
  if (!m) return bad;
  let port: number | undefined;
  if (m[2] !== undefined) {
    port = Number(m[2]);
    if (!Number.isInteger(port) || port < 1 || port > 65535) return "the port must be 1-65535";
  }
  const inner = m[1] ?? "";
  if (text.startsWith("[")) {
    const ip = address(inner);
    return ip?.kind() === "ipv6" ? { range: single(ip), port } : `${bad} (brackets hold an IPv6 address)`;
  }
  const ip = address(inner);
  if (ip) return { range: single(ip), port };
  const host = hostName(inner);
  return host ? { host, port } : bad;
}

/** A comma-separated list parsed; every bad entry is named in `errors`. */
export function parseAllowHosts(raw: string | undefined): { entries: AllowEntry[]; errors: string[] } {
  const entries: AllowEntry[] = [];
  const errors: string[] = [];
  for (const text of (raw ?? "").split(",").map((s) => s.trim())) {
    if (!text) continue;
    const got = parseAllowEntry(text);
    if (typeof got === "string") errors.push(`"${text}": ${got}`);
    else entries.push(got);
  }
  return { entries, errors };
}

/** A setting holding such a list: unset or empty is the empty list; a bad entry fails the start, named. */
export const allowHostsSetting = z
  .string()
  .optional()
  .transform((raw, ctx): AllowHosts => {
    const { entries, errors } = parseAllowHosts(raw);
    for (const message of errors) ctx.addIssue({ code: "custom", message });
    return entries;
  });

/** Env keys of the guarded fetcher; a service that fetches adds them to its schema. */
export const fetchConfigShape = {
  /**
   * Hosts, addresses (host[:port], [v6]:port) and CIDR ranges the guarded fetcher may reach although they
   * are loopback, private or link-local (an intranet image host). Unset: public addresses only.
   */
  FETCH_ALLOW_HOSTS: allowHostsSetting,
};

/** Whether an entry of `allow` lets this connection through although its address is not public. */
export function isAllowed(allow: AllowHosts, target: FetchTarget): boolean {
  if (!allow.length) return false;
  const ip = parseAddress(target.address);
  const host = target.host.toLowerCase().replace(/\.$/, "");
  return allow.some((entry) => {
    if (entry.port !== undefined && entry.port !== target.port) return false;
    if (entry.host !== undefined) return entry.host === host;
    const [range, bits] = entry.range as readonly [Address, number];
    return !!ip && ip.kind() === range.kind() && ip.match(range, bits);
  });
}
