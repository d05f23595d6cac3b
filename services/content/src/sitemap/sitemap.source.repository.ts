// What the sitemap lists, section by section, read from the content service's own tables: the
// documents a visitor may see (PUBLIC_STATUSES, not in the recycle bin: the rule of visibility.ts,
// the same set the search index holds) and the document categories a visitor sees (the category
// service's public tree: enabled under enabled parents, empty ones hidden when the display setting
// says so), and the articles a visitor may read (/article/{id}).
import type { CallContext } from "@wenku/kit";
import { Prisma } from "../../gen/prisma/client.js";
import { ArticleStatus } from "../articles/article.rules.js";
import { CATEGORY_MAX_SIZE, type CategoryService } from "../categories/category.service.js";
import type { Db } from "../db.js";
import { PUBLIC_STATUSES } from "../documents/visibility.js";
import type { SitemapEntry } from "./sitemap.xml.js";

/** One kind of page in the sitemap: its shards are named `<name>-N.xml`. */
export interface SitemapSection {
  name: string;
  /** Its pages, streamed (a large site is never held in memory at once). */
  entries(): AsyncIterable<SitemapEntry>;
}

/** Documents are read in pages of this many rows, in id order (keyset: no OFFSET). */
const DOCUMENT_PAGE = 5_000;
const DOCUMENT_TYPE = 0; // api.v1.CategoryType.DOCUMENT
/** The categories' view of a visitor: no identity, so the public tree. */
const VISITOR: CallContext = { identity: null, clientIp: "", requestId: "", internal: false };

const visible = Prisma.sql`d.deleted_at IS NULL AND d.status IN (${Prisma.join([...PUBLIC_STATUSES])})`;

export function documentSection(db: Db, pageSize = DOCUMENT_PAGE): SitemapSection {
  return {
    name: "documents",
    async *entries() {
      for (let after = 0n; ; ) {
        const rows = await db.$queryRaw<Array<{ id: bigint; updated_at: Date }>>`
          SELECT d.id, d.updated_at FROM documents d
           WHERE ${visible} AND d.id > ${after} ORDER BY d.id LIMIT ${pageSize}`;
        for (const r of rows) yield { path: `/document/${r.id}`, lastmod: r.updated_at };
        const last = rows.at(-1);
        if (!last || rows.length < pageSize) return;
        after = last.id;
      }
    },
  };
}

/** A category's lastmod: its own change or the newest change of a visible document in it, whichever is later. */
export function categorySection(db: Db, categories: Pick<CategoryService, "list">): SitemapSection {
  return {
    name: "categories",
    async *entries() {
      const newest = await db.$queryRaw<Array<{ id: bigint; lastmod: Date }>>`
        SELECT dc.category_id AS id, max(d.updated_at) AS lastmod
          FROM document_categories dc JOIN documents d ON d.id = dc.document_id
         WHERE ${visible} GROUP BY dc.category_id`;
      const byCategory = new Map(newest.map((r) => [r.id, r.lastmod]));
      for (let page = 1n; ; page++) {
        const { total, items } = await categories.list(VISITOR, {
          page,
          size: BigInt(CATEGORY_MAX_SIZE),
          parentId: [],
          wd: "",
          enable: [],
          type: [DOCUMENT_TYPE],
        });
        for (const c of [...items].sort((a, b) => Number(a.id - b.id))) {
          const docs = byCategory.get(c.id);
          yield { path: `/category/${c.id}`, lastmod: docs && docs > c.updatedAt ? docs : c.updatedAt };
        }
        if (BigInt(CATEGORY_MAX_SIZE) * page >= BigInt(total)) return;
      }
    },
  };
}

/** The articles visitors may read (approved, not in the recycle bin: article.rules.ts isPublic), by id. */
export function articleSection(db: Db, pageSize = DOCUMENT_PAGE): SitemapSection {
  return {
    name: "articles",
    async *entries() {
      for (let after = 0n; ; ) {
        const rows = await db.$queryRaw<Array<{ id: bigint; updated_at: Date }>>`
          SELECT a.id, a.updated_at FROM articles a
           WHERE a.deleted_at IS NULL AND a.status = ${ArticleStatus.approved} AND a.id > ${after}
           ORDER BY a.id LIMIT ${pageSize}`;
        for (const r of rows) yield { path: `/article/${r.id}`, lastmod: r.updated_at };
        const last = rows.at(-1);
        if (!last || rows.length < pageSize) return;
        after = last.id;
      }
    },
  };
}
