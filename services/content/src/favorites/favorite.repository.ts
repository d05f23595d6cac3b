// The only code that touches the database for favorites. A favorite names a document or an article;
// the target's favorite_count moves in the same transaction as the rows, counted from what was really
// inserted or deleted, so concurrent favorites and removals keep it exact.
import { Prisma } from "../../gen/prisma/client.js";
import { ArticleStatus } from "../articles/article.rules.js";
import type { Db } from "../db.js";
import { PUBLIC_STATUSES } from "../documents/visibility.js";

export type TargetKind = "document" | "article";

/** What a favorite's target is, as far as favorites need it (visibility, the feed's link, the reply). */
export interface FavoriteTarget {
  kind: TargetKind;
  id: bigint;
  userId: bigint;
  status: number;
  deletedAt: Date | null;
  title: string;
  /** The document's uuid or the article's identifier: the link. */
  ref: string;
  ext: string;
  score: number;
  size: bigint;
  pages: number;
}

export interface FavoriteRow {
  id: bigint;
  userId: bigint;
  documentId: bigint | null;
  articleId: bigint | null;
  createdAt: Date;
}

/** A favorite with its target's fields, as lists show it. */
export interface FavoriteListed extends FavoriteRow {
  title: string;
  ref: string;
  ext: string;
  score: number;
  size: bigint;
  pages: number;
}

const column = (kind: TargetKind) => (kind === "document" ? "documentId" : "articleId");

/**
 * The favorites a user can still open: the target is not in the recycle bin and is public (a published
 * document, an approved article) or the user's own. ListFavorite, GetFavorite and the user's
 * favorite_count all use this one condition (aliases f, d, a of the list query).
 */
const OPENABLE = Prisma.sql`(
  (d.id IS NOT NULL AND d.deleted_at IS NULL AND (d.status = ANY(${[...PUBLIC_STATUSES]}::int[]) OR d.user_id = f.user_id))
  OR (a.id IS NOT NULL AND a.deleted_at IS NULL AND (a.status = ${ArticleStatus.approved} OR a.user_id = f.user_id))
)`;
const JOINS = Prisma.sql`FROM favorites f
  LEFT JOIN documents d ON d.id = f.document_id
  LEFT JOIN articles a ON a.id = f.article_id`;

interface ListedSql {
  id: bigint;
  user_id: bigint;
  document_id: bigint | null;
  article_id: bigint | null;
  created_at: Date;
  title: string;
  ref: string;
  ext: string | null;
  score: number | null;
  size: bigint | null;
  pages: number | null;
}

const toListed = (r: ListedSql): FavoriteListed => ({
  id: r.id,
  userId: r.user_id,
  documentId: r.document_id,
  articleId: r.article_id,
  createdAt: r.created_at,
  title: r.title,
  ref: r.ref,
  ext: r.ext ?? "",
  score: r.score ?? 0,
  size: r.size ?? 0n,
  pages: r.pages ?? 0,
});

async function bump(tx: Prisma.TransactionClient, kind: TargetKind, id: bigint, by: number) {
  if (!by) return;
  if (kind === "document")
    await tx.$executeRaw`UPDATE documents SET favorite_count = GREATEST(favorite_count + ${by}, 0) WHERE id = ${id}`;
  else await tx.$executeRaw`UPDATE articles SET favorite_count = GREATEST(favorite_count + ${by}, 0) WHERE id = ${id}`;
}

export function createFavoriteRepository(db: Db) {
  return {
    async target(kind: TargetKind, id: bigint): Promise<FavoriteTarget | null> {
      if (kind === "document") {
        const d = await db.document.findUnique({
          where: { id },
          select: {
            id: true,
            userId: true,
            status: true,
            deletedAt: true,
            title: true,
            uuid: true,
            ext: true,
            score: true,
            size: true,
            pages: true,
          },
        });
        return d && { kind, ...d, ref: d.uuid };
      }
      const a = await db.article.findUnique({
        where: { id },
        select: { id: true, userId: true, status: true, deletedAt: true, title: true, identifier: true },
      });
      return a && { kind, ...a, ref: a.identifier, ext: "", score: 0, size: 0n, pages: 0 };
    },

    /**
     * The user's favorite of the target, adding it when there is none (race-safe: the unique index
     * turns a concurrent second insert into nothing). `created` says whether this call added it;
     * `onCreated` runs in the same transaction when it did (the uploader's reward owed with it).
     */
    add: (userId: bigint, kind: TargetKind, id: bigint, onCreated?: (tx: Prisma.TransactionClient) => Promise<void>) =>
      db.$transaction(async (tx) => {
        const key = { userId, [column(kind)]: id };
        const { count } = await tx.favorite.createMany({ data: [key], skipDuplicates: true });
        await bump(tx, kind, id, count);
        if (count > 0) await onCreated?.(tx);
        const row = await tx.favorite.findFirstOrThrow({ where: key });
        return { row: row as FavoriteRow, created: count > 0 };
      }),

    /** Deletes the user's favorites among `ids` (others' are untouched); returns how many went. */
    remove: (userId: bigint, ids: readonly bigint[]) =>
      db.$transaction(async (tx) => {
        const gone = await tx.$queryRaw<Array<{ document_id: bigint | null; article_id: bigint | null }>>`
          DELETE FROM favorites WHERE user_id = ${userId} AND id = ANY(${[...ids]}::bigint[])
          RETURNING document_id, article_id`;
        const per = new Map<string, { kind: TargetKind; id: bigint; n: number }>();
        for (const g of gone) {
          const [kind, id] =
            g.document_id !== null
              ? (["document", g.document_id] as const)
              : (["article", g.article_id ?? 0n] as const);
          const k = `${kind}:${id}`;
          const e = per.get(k) ?? { kind, id, n: 0 };
          e.n += 1;
          per.set(k, e);
        }
        for (const e of per.values()) await bump(tx, e.kind, e.id, -e.n);
        return gone.length;
      }),

    /** The user's favorite of one target if they can still open it. */
    async mine(userId: bigint, kind: TargetKind, id: bigint): Promise<FavoriteListed | null> {
      const which = kind === "document" ? Prisma.sql`f.document_id = ${id}` : Prisma.sql`f.article_id = ${id}`;
      const rows = await db.$queryRaw<ListedSql[]>`
        SELECT f.id, f.user_id, f.document_id, f.article_id, f.created_at,
               COALESCE(d.title, a.title) AS title, COALESCE(d.uuid, a.identifier) AS ref,
               d.ext, d.score, d.size, d.pages
        ${JOINS} WHERE f.user_id = ${userId} AND ${which} AND ${OPENABLE}`;
      return rows[0] ? toListed(rows[0]) : null;
    },

    /** A page of the user's favorites of one kind, newest first, with their targets' fields. */
    async page(userId: bigint, kind: TargetKind, skip: number, take: number) {
      const which = kind === "document" ? Prisma.sql`f.document_id IS NOT NULL` : Prisma.sql`f.article_id IS NOT NULL`;
      const cond = Prisma.sql`f.user_id = ${userId} AND ${which} AND ${OPENABLE}`;
      const [counted, rows] = await Promise.all([
        db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n ${JOINS} WHERE ${cond}`,
        db.$queryRaw<ListedSql[]>`
          SELECT f.id, f.user_id, f.document_id, f.article_id, f.created_at,
                 COALESCE(d.title, a.title) AS title, COALESCE(d.uuid, a.identifier) AS ref,
                 d.ext, d.score, d.size, d.pages
          ${JOINS} WHERE ${cond}
          ORDER BY f.created_at DESC, f.id DESC OFFSET ${skip} LIMIT ${take}`,
      ]);
      return { total: Number(counted[0]?.n ?? 0n), rows: rows.map(toListed) };
    },

    /** How many favorites each user can still open (user.favorite_count); users without any are absent. */
    async perUser(userIds: readonly bigint[]): Promise<Map<bigint, number>> {
      if (!userIds.length) return new Map();
      const rows = await db.$queryRaw<Array<{ user_id: bigint; n: bigint }>>`
        SELECT f.user_id, count(*) AS n ${JOINS}
        WHERE f.user_id = ANY(${[...userIds]}::bigint[]) AND ${OPENABLE} GROUP BY f.user_id`;
      return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
    },
  };
}
export type FavoriteRepository = ReturnType<typeof createFavoriteRepository>;
