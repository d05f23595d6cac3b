// The user service shows each user's doc_count, article_count and favorite_count (CountUserDocuments)
// and keeps them until told they changed (api.v1.UserCountsChanged). The content service tells it after
// each commit that may change them: documents created (their owner), favorites added or removed (their
// user), and every change of documents' or articles' status or existence (anyone's: favorite_count
// counts the favorites whose target the user may still open).
import type { UserCountsChanges } from "@wenku/kit";
import type { DocumentEventsHandle } from "./documents/document.events.js";

/** Document events that also tell the user service every user's counts may have changed. */
export function countingUsers(events: DocumentEventsHandle, counts: UserCountsChanges): DocumentEventsHandle {
  return {
    ...events,
    async changed(ids) {
      await events.changed(ids);
      if (ids?.length !== 0) await counts.changed(null);
    },
  };
}

/**
 * An RPC implementation whose writes (every method but get…, list…, search…) tell the user service, once
 * committed, that every user's counts may have changed (articles: their status and existence).
 */
export function countingWrites<T extends object>(impl: T, counts: UserCountsChanges): T {
  const methods = impl as Record<string, unknown>;
  const out: Record<string, unknown> = { ...methods };
  for (const [name, fn] of Object.entries(methods)) {
    if (typeof fn !== "function" || /^(get|list|search)/.test(name)) continue;
    out[name] = async (...args: unknown[]) => {
      const reply = await fn.apply(impl, args);
      await counts.changed(null);
      return reply;
    };
  }
  return out as unknown as T;
}
