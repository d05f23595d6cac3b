// The content service as the user service asks it: how many documents, articles and favorites users
// have (user.doc_count, article_count, favorite_count). The user service never reads content tables;
// it asks when a profile is shown and keeps the answer until the content service broadcasts that the
// user's counts changed (users/user.counts.ts), so they stay true through uploads, favorites,
// deletions and restores.
import { createClient, type Transport } from "@connectrpc/connect";
import { headers } from "@wenku/kit";
import { DocumentInternalAPI } from "@wenku/proto/api/v1/content_internal_pb.js";
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
