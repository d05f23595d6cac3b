// Which addresses a server-side fetch of a URL someone gave us may connect to: public unicast only.
// Loopback, private, link-local, carrier-grade NAT, multicast, broadcast, unspecified (0.0.0.0, ::),
// reserved, documentation and benchmarking ranges, IPv6 unique-local, and the IPv6 forms that carry an
// IPv4 address (IPv4-mapped ::ffff:a.b.c.d, the NAT64 well-known prefix 64:ff9b::/96, 6to4, Teredo)
// are refused, and so is every address of this host's own interfaces.
import { networkInterfaces } from "node:os";
import ipaddr from "ipaddr.js";

export type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** An IP literal (IPv6 with or without brackets) parsed, an IPv4-mapped one as IPv4; null if it is none. */
export function parseAddress(address: string): Address | null {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  // a zone ("fe80::1%eth0") names a link: never a public address
  if (bare.includes("%") || !ipaddr.isValid(bare)) return null;
  const ip = ipaddr.parse(bare);
  return ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
}

/** Every address of this host's interfaces (its public ones too: "this host" is never a remote site). */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(networkInterfaces())) {
    for (const i of list ?? []) {
      const ip = parseAddress(i.address);
      if (ip) own.add(ip.toNormalizedString());
    }
  }
  return own;
}

/**
 * Whether a fetch may connect to `address` (an IP literal, IPv6 with or without brackets): a public
 * unicast address that is not this host's. (The operator's exceptions are allow.ts.)
 */
export function isPublicAddress(address: string): boolean {
  const ip = parseAddress(address);
  if (!ip) return false;
  if (ip.range() !== "unicast") return false;
  return !ownAddresses().has(ip.toNormalizedString());
}
