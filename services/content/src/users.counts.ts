// The user service shows each user's doc_count, article_count and favorite_count (CountUserDocuments)
// and keeps them until told they changed (api.v1.UserCountsChanged). The content service tells it after
// each commit that may change them: documents created (their owner), favorites added or removed (their
// user), and every change of documents' or articles' status or existence (anyone's: favorite_count
// counts the favorites whose target the user may still open).
import type { UserCountsChanges } from "@wenku/kit";
import type { DocumentEventsHandle } from "./documents/document.events.js";
import { afterWrites } from "./writes.js";

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
 * An RPC implementation whose writes tell the user service, once committed, that every user's counts may
 * have changed (articles: their status and existence).
 */
export function countingWrites<T extends object>(impl: T, counts: UserCountsChanges): T {
  return afterWrites(impl, () => counts.changed(null));
}
