// What the articles' indexer reads (the search package's SearchSource port): the articles a visitor
// may read (approved, not in the recycle bin; article.rules.ts isPublic), their categories' names,
// their author and their text without markup. The only module that touches Prisma for it.

import type { IndexedArticle, SearchSource, VersionedId } from "@wenku/search";
import { Prisma } from "../../gen/prisma/client.js";
import { ArticleStatus } from "../articles/article.rules.js";
import { articleText } from "../articles/article.text.js";
import type { Db } from "../db.js";
import type { UserDirectory } from "../ports.js";
import { categoryFields, createRowVersions, withCategoryTitles } from "./search.rows.repository.js";

/** Purge records older than this are dropped (every indexer has followed them long before). */
const REMOVALS_KEPT_DAYS = 7;

const visible = Prisma.sql`t.deleted_at IS NULL AND t.status = ${ArticleStatus.approved}`;

export function createArticleSearchSource(deps: {
  db: Db;
  users: Pick<UserDirectory, "users">;
}): SearchSource<IndexedArticle> {
  const { db, users } = deps;
  const versions = createRowVersions(db, "articles", visible);
  return {
    visibleVersions: versions.visibleVersions,

    // changes to articles and purges (search_article_removals), in the order of their versions
    async changedSince(mark, limit) {
      return db.$queryRaw<VersionedId[]>`
        SELECT id, version FROM (
          SELECT id, search_version AS version FROM articles WHERE search_version > ${mark}
          UNION ALL
          SELECT article_id AS id, version FROM search_article_removals WHERE version > ${mark}
        ) c ORDER BY version LIMIT ${limit}`;
    },

    async highWater() {
      await db.$executeRaw`
        DELETE FROM search_article_removals WHERE created_at < now() - make_interval(days => ${REMOVALS_KEPT_DAYS})`;
      const [row] = await db.$queryRaw<Array<{ mark: bigint | null }>>`
        SELECT greatest((SELECT max(search_version) FROM articles),
                        (SELECT max(version) FROM search_article_removals)) AS mark`;
      return row?.mark ?? 0n;
    },

    async countsChangedSince(mark, limit) {
      const rows = await db.$queryRaw<Array<{ id: bigint; version: bigint; view_count: number }>>`
        SELECT id, counts_version AS version, view_count FROM articles
         WHERE counts_version > ${mark} ORDER BY counts_version LIMIT ${limit}`;
      return rows.map((r) => ({ id: r.id, version: r.version, viewCount: r.view_count, downloadCount: 0, score: 0 }));
    },

    countsHighWater: () => versions.highest("counts_version"),

    async load(ids) {
      if (ids.length === 0) return [];
      const rows = await db.article.findMany({
        where: { id: { in: [...ids] }, deletedAt: null, status: ArticleStatus.approved },
        include: withCategoryTitles,
      });
      const names = await users.users([...new Set(rows.map((a) => a.userId).filter((id) => id > 0n))]);
      return rows.map((a) => ({
        id: a.id,
        version: a.searchVersion,
        title: a.title,
        keywords: a.keywords,
        description: a.description,
        ...categoryFields(a),
        author: [a.author, names.get(a.userId)?.username ?? ""].filter(Boolean).join(" "),
        userId: a.userId,
        text: articleText(a.content),
        viewCount: a.viewCount,
        createdAt: a.createdAt,
      }));
    },
  };
}
