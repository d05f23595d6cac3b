// Which RPC methods write, for what follows the writes of a service's handlers (the sitemap, the user
// service's counts): every method but get…, list…, search… and set…Index (a reindex rewrites the
// search index, no row).
const READS = /^(get|list|search)|^set\w*Index$/;

/** `impl` (an RPC service's handlers) with each write calling `after` once it succeeded. */
export function afterWrites<T extends object>(impl: T, after: () => unknown): T {
  const methods = impl as Record<string, unknown>;
  const out: Record<string, unknown> = { ...methods };
  for (const [name, fn] of Object.entries(methods)) {
    if (typeof fn !== "function" || READS.test(name)) continue;
    out[name] = async (...args: unknown[]) => {
      const reply = await fn.apply(impl, args);
      await after();
      return reply;
    };
  }
  return out as unknown as T;
}
