// FETCH_ALLOW_HOSTS: the operator's list of hosts, addresses and ranges the guarded fetcher may reach
// although not public; parsed at start-up, every bad entry named.
import { describe, expect, it } from "@jest/globals";
import { loadConfig, z } from "../config.js";
import { fetchConfigShape, isAllowed, parseAllowHosts } from "./allow.js";

const allows = (list: string, host: string, port: number, address: string) =>
  isAllowed(parseAllowHosts(list).entries, { host, port, address });

describe("parseAllowHosts", () => {
  it("takes CIDR ranges (v4 and v6), addresses, address:port, [v6]:port and host[:port]", () => {
    const { entries, errors } = parseAllowHosts(
      " 10.0.0.0/8, fd00::/8 ,192.168.1.20,::1,127.0.0.1:8080,[::1]:8443,Images.Intranet,cdn.lan:81,,",
    );
    expect(errors).toEqual([]);
    expect(entries.map((e) => [e.host ?? `${e.range?.[0].toString()}/${e.range?.[1]}`, e.port])).toEqual([
      ["10.0.0.0/8", undefined],
      ["fd00::/8", undefined],
      ["192.168.1.20/32", undefined],
      ["::1/128", undefined],
      ["127.0.0.1/32", 8080],
      ["::1/128", 8443],
      ["images.intranet", undefined],
      ["cdn.lan", 81],
    ]);
    expect(parseAllowHosts(undefined)).toEqual({ entries: [], errors: [] });
  });

  it("names every bad entry", () => {
    const bad = ["10.0.0.0/33", "fd00::/129", "1.2.3.4/x", "host/8", "a.b:0", "a.b:65536", "[1.2.3.4]:80"];
    const more = ["::1:80:x:y:z", "bad_host", "-x.lan", "1.2.3", "999.1.1.1", "http://x", "[::1]x", "fe80::1%eth0"];
    const { entries, errors } = parseAllowHosts([...bad, ...more].join(","));
    expect(entries).toEqual([]);
    expect(errors.map((e) => e.slice(0, e.indexOf(":", e.indexOf('"', 1))))).toEqual(
      [...bad, ...more].map((e) => `"${e}"`),
    );
    expect(errors[4]).toBe('"a.b:0": the port must be 1-65535');
  });

  it("fails the start naming the setting and the entry", () => {
    const schema = z.object(fetchConfigShape);
    expect(loadConfig(schema, {}).FETCH_ALLOW_HOSTS).toEqual([]);
    expect(() => loadConfig(schema, { FETCH_ALLOW_HOSTS: "10.0.0.1,10.0.0.0/40" })).toThrow(
      /FETCH_ALLOW_HOSTS: "10\.0\.0\.0\/40": not a host\[:port\]/,
    );
  });
});

describe("isAllowed", () => {
  it("matches a range on any port, v4 (IPv4-mapped too) and v6", () => {
    expect(allows("10.0.0.0/8", "x", 80, "10.1.2.3")).toBe(true);
    expect(allows("10.0.0.0/8", "x", 443, "::ffff:10.1.2.3")).toBe(true);
    expect(allows("10.0.0.0/8", "x", 80, "11.0.0.1")).toBe(false);
    expect(allows("fd00::/8", "x", 80, "fd12::1")).toBe(true);
    expect(allows("fd00::/8", "x", 80, "[fd12::1]")).toBe(true);
    expect(allows("fd00::/8", "x", 80, "fe80::1")).toBe(false);
    expect(allows("127.0.0.1", "x", 80, "::1")).toBe(false);
  });

  it("matches an address:port only on that port", () => {
    expect(allows("127.0.0.1:8080", "127.0.0.1", 8080, "127.0.0.1")).toBe(true);
    expect(allows("127.0.0.1:8080", "127.0.0.1", 8081, "127.0.0.1")).toBe(false);
    expect(allows("[::1]:8443", "::1", 8443, "::1")).toBe(true);
    expect(allows("[::1]:8443", "::1", 443, "::1")).toBe(false);
  });

  it("matches a host name (any case, trailing dot) whatever it resolves to, not its addresses by others", () => {
    expect(allows("images.intranet", "IMAGES.intranet.", 80, "10.0.0.5")).toBe(true);
    expect(allows("images.intranet:81", "images.intranet", 80, "10.0.0.5")).toBe(false);
    expect(allows("images.intranet", "evil.example", 80, "10.0.0.5")).toBe(false);
    expect(allows("", "images.intranet", 80, "10.0.0.5")).toBe(false);
  });
});
