// The site's origin for absolute URLs (canonical links, Open Graph, JSON-LD, the sitemap's <loc>s,
// robots.txt's Sitemap line). The `domain` setting (system.domain) when it is an http(s) URL: its
// scheme, host and port (a path is dropped: the app lives at the root). Unset, the request's own
// origin: https when the connection is TLS or a trusted proxy (TRUSTED_PROXIES) says so in
// X-Forwarded-Proto, else http; the host from a trusted proxy's X-Forwarded-Host, else Host
// (:authority over HTTP/2). So a fresh site works under whatever name it is reached by, and an
// operator pins the name crawlers should use by setting the domain (deploy/README.md). A forged Host
// only changes the answer to the request that forged it: nothing rendered is shared across requests.

/** The content service reserves this many bytes per sitemap URL for the origin (sitemap.xml.ts). */
export const MAX_ORIGIN_LENGTH = 256;
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;

export interface OriginRequest {
  headers: Record<string, string | string[] | undefined>;
  socket: { remoteAddress?: string; encrypted?: boolean } | null;
}

/** The last answer of domainOrigin: every page view asks it for the same setting. */
let lastDomain: { domain: string; origin: string | null } = { domain: "", origin: null };

/** The origin the `domain` setting names, or null when it is empty or not an http(s) URL. */
export function domainOrigin(domain: string): string | null {
  if (domain !== lastDomain.domain) lastDomain = { domain, origin: originOfDomain(domain) };
  return lastDomain.origin;
}

function originOfDomain(domain: string): string | null {
  const raw = domain.trim();
  if (!raw) return null;
  try {
    const url = new URL(raw);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) return null;
    return url.origin.length <= MAX_ORIGIN_LENGTH ? url.origin : null;
  } catch {
    return null;
  }
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(",")[0]?.trim() ?? "";

/** The origin this request was made to; null when its host is not a host name (with an optional port). */
export function requestOrigin(req: OriginRequest, isTrustedProxy: (ip: string) => boolean): string | null {
  // only a proxy's X-Forwarded-* headers need it trusted: without them the answer is the same either way
  const forwarded = req.headers["x-forwarded-proto"] !== undefined || req.headers["x-forwarded-host"] !== undefined;
  const trusted = forwarded && isTrustedProxy(req.socket?.remoteAddress ?? "");
  const forwardedProto = trusted ? first(req.headers["x-forwarded-proto"]).toLowerCase() : "";
  const scheme = req.socket?.encrypted || forwardedProto === "https" ? "https" : "http";
  const host =
    (trusted && first(req.headers["x-forwarded-host"])) || first(req.headers.host ?? req.headers[":authority"]);
  if (!host || !HOST.test(host)) return null;
  const origin = `${scheme}://${host.toLowerCase()}`;
  return origin.length <= MAX_ORIGIN_LENGTH ? origin : null;
}

/** The site's origin: the domain setting's, else the request's. */
export function siteOrigin(domain: string, req: OriginRequest, isTrustedProxy: (ip: string) => boolean): string | null {
  return domainOrigin(domain) ?? requestOrigin(req, isTrustedProxy);
}
