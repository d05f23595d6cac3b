// What the indexer indexes, read from the content service's own tables and storage: the documents a
// visitor may see (PUBLIC_STATUSES, not in the recycle bin), their categories' names, their uploader's
// name and each page's extracted text (the search package's SearchSource port). The only module that
// touches Prisma for it.

import { outputKeys, pageTextsOf, parseManifest, readText } from "@wenku/converter/contract";
import type { Logger } from "@wenku/kit";
import type { Storage } from "@wenku/kit/storage";
import type { IndexedDocument, LiveCounts, SearchSource, VersionedId } from "@wenku/search";
import { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";
import { PUBLIC_STATUSES } from "../documents/visibility.js";
import type { UserDirectory } from "../ports.js";
import { categoryFields, createRowVersions, withCategoryTitles } from "./search.rows.repository.js";

/** Where the PostgreSQL index's sorts read reads, downloads and ratings live: the tables themselves. */
export const searchLiveCounts: LiveCounts = { documents: Prisma.sql`documents`, articles: Prisma.sql`articles` };

const visible = Prisma.sql`t.deleted_at IS NULL AND t.status IN (${Prisma.join([...PUBLIC_STATUSES])})`;

export function createSearchSource(deps: {
  db: Db;
  storage: Storage;
  users: Pick<UserDirectory, "users">;
  log: Logger;
}): SearchSource {
  const { db, storage, users, log } = deps;
  const versions = createRowVersions(db, "documents", visible);

  /** Each page's text from the converter's outputs; [] when there are none (yet) or they do not read. */
  async function pageTexts(hash: string, pages: number): Promise<string[]> {
    if (pages <= 0) return [];
    const keys = outputKeys(hash);
    try {
      const raw = await readText(storage, keys.manifest);
      const manifest = raw === undefined ? undefined : parseManifest(raw, hash);
      if (!manifest) return [];
      const text = await readText(storage, keys.text);
      return text === undefined ? [] : pageTextsOf(text, manifest.pageTextEnds);
    } catch (err) {
      // the fields are still indexed; the text comes with the next version or a rebuild
      log.warn({ err, hash }, "search: the extracted text could not be read");
      return [];
    }
  }

  return {
    visibleVersions: versions.visibleVersions,

    async changedSince(mark, limit) {
      return db.$queryRaw<VersionedId[]>`
        SELECT id, search_version AS version FROM documents
         WHERE search_version > ${mark} ORDER BY search_version LIMIT ${limit}`;
    },

    highWater: () => versions.highest("search_version"),

    async countsChangedSince(mark, limit) {
      const rows = await db.$queryRaw<
        Array<{ id: bigint; version: bigint; view_count: number; download_count: number; score: number }>
      >`
        SELECT id, counts_version AS version, view_count, download_count, score FROM documents
         WHERE counts_version > ${mark} ORDER BY counts_version LIMIT ${limit}`;
      return rows.map((r) => ({
        id: r.id,
        version: r.version,
        viewCount: r.view_count,
        downloadCount: r.download_count,
        score: r.score,
      }));
    },

    countsHighWater: () => versions.highest("counts_version"),

    async load(ids) {
      if (ids.length === 0) return [];
      const docs = await db.document.findMany({
        where: { id: { in: [...ids] }, deletedAt: null, status: { in: [...PUBLIC_STATUSES] } },
        include: withCategoryTitles,
      });
      const names = await users.users([...new Set(docs.map((d) => d.userId))]);
      const out: IndexedDocument[] = [];
      for (const d of docs) {
        out.push({
          id: d.id,
          version: d.searchVersion,
          title: d.title,
          keywords: d.keywords,
          description: d.description,
          ...categoryFields(d),
          uploader: names.get(d.userId)?.username ?? "",
          userId: d.userId,
          languageId: d.languageId,
          ext: d.ext,
          type: d.type,
          pages: d.pages,
          preview: d.preview,
          viewCount: d.viewCount,
          downloadCount: d.downloadCount,
          score: d.score,
          createdAt: d.createdAt,
          pageTexts: await pageTexts(d.attachmentHash, d.pages),
        });
      }
      return out;
    },
  };
}
