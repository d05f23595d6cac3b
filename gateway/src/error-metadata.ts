// The error metadata the gateway passes on to clients, decided in one place for REST, Connect, gRPC-web
// and gRPC: when to retry a throttled call (Retry-After), why a token was refused (WWW-Authenticate).
import { Code, type ConnectError } from "@connectrpc/connect";

/**
 * Retry-After of a ResourceExhausted (HTTP 429) refusal whose service did not say when to come back:
 * every 429 carries one (RFC 6585 §4), so clients back off instead of hammering.
 */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** Error metadata a client acts on; any other upstream metadata is transport detail and dropped. */
const KEPT = ["retry-after", "www-authenticate"] as const;

/** A header value safe to repeat: printable ASCII, short. */
const printable = (v: string) => /^[\x20-\x7e]{1,200}$/.test(v);

/**
 * The metadata of `err` a client may see: retry-after and www-authenticate when upstream set them (and
 * they are printable), and a retry-after of DEFAULT_RETRY_AFTER_SECONDS on any ResourceExhausted without one.
 */
export function clientErrorMetadata(err: ConnectError): Headers {
  const kept = new Headers();
  for (const name of KEPT) {
    const v = err.metadata.get(name);
    if (v && printable(v)) kept.set(name, v);
  }
  if (err.code === Code.ResourceExhausted && !kept.has("retry-after"))
    kept.set("retry-after", String(DEFAULT_RETRY_AFTER_SECONDS));
  return kept;
}
