import { BlockList, isIP } from "node:net";

/** Why a TRUSTED_PROXIES entry (an address or address/prefix) is unusable, or undefined when it is fine. */
export function proxyEntryProblem(entry: string): string | undefined {
  const [addr, bits, extra] = entry.split("/");
  const invalid = `invalid entry ${entry} (expected an address or address/prefix)`;
  if (!addr || !isIP(addr) || extra !== undefined) return invalid;
  // "10.0.0.1/" must not become /0 (every address trusted).
  if (bits !== undefined && (!/^\d{1,3}$/.test(bits) || Number(bits) > (isIP(addr) === 6 ? 128 : 32))) return invalid;
  return undefined;
}

/** Whether an address is one of the trusted proxies (TRUSTED_PROXIES: addresses and CIDRs). */
export function createProxyTrust(trusted: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of trusted) {
    const problem = proxyEntryProblem(entry);
    if (problem) throw new Error(`TRUSTED_PROXIES: ${problem}`);
    const [addr, bits] = entry.split("/") as [string, string | undefined];
    const type = isIP(addr) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return (raw: string) => {
    const ip = normalize(raw);
    const type = isIP(ip);
    return type !== 0 && list.check(ip, type === 6 ? "ipv6" : "ipv4");
  };
}

/**
 * Client address from the socket; X-Forwarded-For is honoured only when the direct peer is a
 * configured trusted proxy, walking right-to-left past trusted hops (never blindly).
 */
export function createClientIpResolver(trusted: readonly string[]) {
  const isTrusted = createProxyTrust(trusted);
  return (remoteAddress: string | undefined, forwardedFor: string | string[] | undefined): string => {
    let ip = normalize(remoteAddress ?? "");
    if (!isTrusted(ip) || !forwardedFor) return ip;
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
      .split(",")
      .map((h) => normalize(h.trim()))
      .filter((h) => isIP(h) !== 0);
    while (hops.length && isTrusted(ip)) ip = hops.pop() as string;
    return ip;
  };
}

function normalize(ip: string): string {
  return ip.startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}
