// The content service as the user service asks it: how many documents, articles and favorites users
// have (user.doc_count, article_count, favorite_count). The user service never reads content tables;
// the counts stay true through uploads, favorites, deletions and restores because they are asked for
// when a profile is shown, not kept in a copy.
import { createClient, type Transport } from "@connectrpc/connect";
import { headers, type Logger } from "@wenku/kit";
import { DocumentInternalAPI } from "@wenku/proto/api/v1/internal_pb.js";
import type { ListUserDownloadReply } from "@wenku/proto/api/v1/user_pb.js";

/** CountUserDocuments answers at most this many ids per call. */
const BATCH = 1000;
const TIMEOUT_MS = 5_000;

/** One user's counts as the content service keeps them. */
export interface ContentCounts {
  documents: number;
  articles: number;
  favorites: number;
}

export interface DocumentCounter {
  /**
   * Live documents, articles and favorites per user among `ids`; users without any are absent. With
   * `publicOnly`, the documents and articles everyone may see (a profile shown to others).
   */
  counts(ids: readonly bigint[], publicOnly?: boolean): Promise<Map<bigint, ContentCounts>>;
  /** A user's download history, newest first (ListUserDownloads); absent in wirings without content. */
  downloads?(userId: bigint, page: bigint, size: bigint): Promise<ListUserDownloadReply>;
}

export function createDocumentCounter(transport: Transport, internalToken: string): DocumentCounter {
  const client = createClient(DocumentInternalAPI, transport);
  const callOptions = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  return {
    async counts(ids, publicOnly = false) {
      const unique = [...new Set(ids)].filter((id) => id > 0n);
      const out = new Map<bigint, ContentCounts>();
      for (let i = 0; i < unique.length; i += BATCH) {
        const reply = await client.countUserDocuments({ userId: unique.slice(i, i + BATCH), publicOnly }, callOptions);
        for (const c of reply.count)
          out.set(c.userId, { documents: c.docCount, articles: c.articleCount, favorites: c.favoriteCount });
      }
      return out;
    },
    downloads: (userId, page, size) => client.listUserDownloads({ userId, page, size }, callOptions),
  };
}

/**
 * Sets doc_count, article_count and favorite_count on user messages from the content service (with
 * `publicOnly`, what everyone may see: profiles shown to others). A failed call leaves the counts at 0
 * and is logged: a profile stays readable while the content service is down.
 */
export function docCountFiller(counter: DocumentCounter | undefined, log: Logger) {
  return async <U extends { id: bigint; docCount: number; articleCount: number; favoriteCount: number }>(
    users: U[],
    publicOnly = false,
  ): Promise<U[]> => {
    if (!counter || users.length === 0) return users;
    try {
      const counts = await counter.counts(
        users.map((u) => u.id),
        publicOnly,
      );
      for (const u of users) {
        const c = counts.get(u.id);
        u.docCount = c?.documents ?? 0;
        u.articleCount = c?.articles ?? 0;
        u.favoriteCount = c?.favorites ?? 0;
      }
    } catch (err) {
      log.warn({ err }, "doc_count: the content service did not answer");
    }
    return users;
  };
}
export type DocCountFiller = ReturnType<typeof docCountFiller>;
