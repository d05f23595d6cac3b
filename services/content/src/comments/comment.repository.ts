// The only code that touches Prisma for comments (and reads the few fields of their targets it needs).
import { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";
import { PUBLIC_STATUSES } from "../documents/visibility.js";

export type CommentRow = Prisma.CommentGetPayload<object>;
export type TargetKind = "document" | "article";

/** What a comment needs of its document or article: who may see it, its link and title. */
export interface Target {
  kind: TargetKind;
  id: bigint;
  /** The document's uuid or the article's identifier (links). */
  ref: string;
  title: string;
  userId: bigint;
  status: number;
  deletedAt: Date | null;
}

export interface NewComment {
  userId: bigint;
  kind: TargetKind;
  targetId: bigint;
  parentId: bigint | null;
  content: string;
  status: number;
}

export interface CommentFilter {
  ids?: readonly bigint[];
  kind?: TargetKind;
  targetId?: bigint;
  statuses?: readonly number[];
  userId?: bigint;
  parentIds?: readonly bigint[];
  /** Top-level comments only. */
  topLevel?: boolean;
  /** Approved comments, and any of this user's (0: approved only). */
  visibleTo?: bigint;
  wd?: string;
}

export type CommentSortColumn = "id" | "createdAt" | "updatedAt";
export interface CommentSort {
  column: CommentSortColumn;
  dir: "asc" | "desc";
}

const APPROVED = 1;
/** Replies loaded with one page of a thread, at most (deeper or later ones: ListComment with parent_id). */
export const THREAD_REPLIES_MAX = 500;
/** Reply levels followed below a thread's top-level comments. */
const THREAD_DEPTH = 8;
// pg_advisory_xact_lock's first key: this table's per-user write lock (the second key is the user).
const INTERVAL_LOCK = 0x636f6d6d; // "comm"

export const targetOf = (c: Pick<CommentRow, "documentId" | "articleId">): { kind: TargetKind; id: bigint } =>
  c.documentId !== null ? { kind: "document", id: c.documentId } : { kind: "article", id: c.articleId ?? 0n };

function where(f: CommentFilter): Prisma.CommentWhereInput {
  const and: Prisma.CommentWhereInput[] = [];
  if (f.ids) and.push({ id: { in: [...f.ids] } });
  if (f.kind === "document") and.push(f.targetId ? { documentId: f.targetId } : { documentId: { not: null } });
  if (f.kind === "article") and.push(f.targetId ? { articleId: f.targetId } : { articleId: { not: null } });
  if (f.statuses) and.push({ status: { in: [...f.statuses] } });
  if (f.userId !== undefined) and.push({ userId: f.userId });
  if (f.parentIds) and.push({ parentId: { in: [...f.parentIds] } });
  if (f.topLevel) and.push({ parentId: null });
  if (f.visibleTo !== undefined) and.push({ OR: [{ status: APPROVED }, { userId: f.visibleTo }] });
  if (f.wd) and.push({ content: { contains: f.wd, mode: "insensitive" } });
  return { AND: and };
}

const orderBy = (sort: readonly CommentSort[]): Prisma.CommentOrderByWithRelationInput[] =>
  sort.map((s) => ({ [s.column]: s.dir }));

const SQL_COLUMNS: Record<CommentSortColumn, Prisma.Sql> = {
  id: Prisma.raw("c.id"),
  createdAt: Prisma.raw("c.created_at"),
  updatedAt: Prisma.raw("c.updated_at"),
};

/** The comment's document is public (live, a public status) or its article is approved and live. */
const ON_PUBLIC_TARGET = Prisma.sql`(
  EXISTS (SELECT 1 FROM documents d WHERE d.id = c.document_id AND d.deleted_at IS NULL
            AND d.status = ANY(${[...PUBLIC_STATUSES]}::int[]))
  OR EXISTS (SELECT 1 FROM articles a WHERE a.id = c.article_id AND a.deleted_at IS NULL AND a.status = ${APPROVED}))`;

/** The SQL of the filters a list across targets takes (statuses, visibleTo, userId, kind), on public targets. */
function publicWhere(f: CommentFilter): Prisma.Sql {
  const parts = [ON_PUBLIC_TARGET];
  if (f.statuses) parts.push(Prisma.sql`c.status = ANY(${[...f.statuses]}::int[])`);
  if (f.visibleTo !== undefined) parts.push(Prisma.sql`(c.status = ${APPROVED} OR c.user_id = ${f.visibleTo})`);
  if (f.userId !== undefined) parts.push(Prisma.sql`c.user_id = ${f.userId}`);
  if (f.kind === "document") parts.push(Prisma.sql`c.document_id IS NOT NULL`);
  if (f.kind === "article") parts.push(Prisma.sql`c.article_id IS NOT NULL`);
  return Prisma.join(parts, " AND ");
}

export function createCommentRepository(db: Db) {
  return {
    byId: (id: bigint) => db.comment.findUnique({ where: { id } }),
    find: (f: CommentFilter) => db.comment.findMany({ where: where(f) }),

    async page(f: CommentFilter, sort: readonly CommentSort[], skip: number, take: number) {
      const w = where(f);
      const [total, rows] = await Promise.all([
        db.comment.count({ where: w }),
        db.comment.findMany({ where: w, orderBy: orderBy(sort), skip, take }),
      ]);
      return { total, rows };
    },

    /**
     * A page across targets for callers who are not staff: only comments on public documents and approved
     * articles (a hidden or recycled target's comments and title never show). Takes statuses, visibleTo,
     * userId and kind.
     */
    async pageOnPublicTargets(f: CommentFilter, sort: readonly CommentSort[], skip: number, take: number) {
      const cond = publicWhere(f);
      const order = Prisma.join(
        sort.map((s) => Prisma.sql`${SQL_COLUMNS[s.column]} ${Prisma.raw(s.dir === "asc" ? "ASC" : "DESC")}`),
      );
      const [counted, found] = await Promise.all([
        db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM comments c WHERE ${cond}`,
        db.$queryRaw<
          { id: bigint }[]
        >`SELECT c.id FROM comments c WHERE ${cond} ORDER BY ${order} OFFSET ${skip} LIMIT ${take}`,
      ]);
      const ids = found.map((r) => r.id);
      const rows = ids.length ? await db.comment.findMany({ where: { id: { in: ids } } }) : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return {
        total: Number(counted[0]?.n ?? 0),
        rows: ids.map((id) => byId.get(id)).filter((r): r is CommentRow => r !== undefined),
      };
    },

    /** The replies below `parents` the filter lets through, level by level, oldest first, capped. */
    async replies(parents: readonly bigint[], f: CommentFilter): Promise<CommentRow[]> {
      const out: CommentRow[] = [];
      let level = [...parents];
      for (let depth = 0; depth < THREAD_DEPTH && level.length && out.length < THREAD_REPLIES_MAX; depth++) {
        const rows = await db.comment.findMany({
          where: where({ ...f, parentIds: level }),
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          take: THREAD_REPLIES_MAX - out.length,
        });
        out.push(...rows);
        level = rows.map((r) => r.id);
      }
      return out;
    },

    /**
     * Inserts a comment unless the user's last one is less than `intervalSeconds` old: the user's rows are
     * serialised by a transaction-scoped advisory lock, so two comments sent at once cannot both pass.
     * Returns the new id, or the whole seconds left to wait. `onInserted` runs in the same transaction
     * after the insert (the uploader's reward owed with a visible comment).
     */
    insertSpaced: (
      c: NewComment,
      intervalSeconds: number,
      onInserted?: (tx: Prisma.TransactionClient, id: bigint) => Promise<void>,
    ) =>
      db.$transaction(async (tx): Promise<{ id: bigint } | { wait: number }> => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${INTERVAL_LOCK}::int, hashtext(${c.userId.toString()}))`;
        if (intervalSeconds > 0) {
          const [last] = await tx.$queryRaw<{ wait: number | null }[]>`
            SELECT CEIL(${intervalSeconds}::float8 - EXTRACT(EPOCH FROM (now() - max(created_at))))::int AS wait
              FROM comments WHERE user_id = ${c.userId}`;
          if (last?.wait && last.wait > 0) return { wait: last.wait };
        }
        const row = await tx.comment.create({
          data: {
            userId: c.userId,
            ...(c.kind === "document" ? { documentId: c.targetId } : { articleId: c.targetId }),
            parentId: c.parentId,
            content: c.content,
            status: c.status,
          },
          select: { id: true },
        });
        await onInserted?.(tx, row.id);
        return { id: row.id };
      }),

    /** Seconds left before the user may comment again (0: now), read without the lock (a courtesy check). */
    async waitSeconds(userId: bigint, intervalSeconds: number): Promise<number> {
      if (intervalSeconds <= 0) return 0;
      const [last] = await db.$queryRaw<{ wait: number | null }[]>`
        SELECT CEIL(${intervalSeconds}::float8 - EXTRACT(EPOCH FROM (now() - max(created_at))))::int AS wait
          FROM comments WHERE user_id = ${userId}`;
      return Math.max(last?.wait ?? 0, 0);
    },

    /**
     * Changes the comments; with `onChanged`, in one transaction that then hands it the changed
     * comments' authors and documents (the uploaders' rewards owed with an approval).
     */
    updateMany: (
      ids: readonly bigint[],
      data: { status?: number; content?: string },
      onChanged?: (
        tx: Prisma.TransactionClient,
        rows: { userId: bigint; documentId: bigint | null }[],
      ) => Promise<void>,
    ) =>
      onChanged
        ? db.$transaction(async (tx) => {
            const { count } = await tx.comment.updateMany({ where: { id: { in: [...ids] } }, data });
            const rows = await tx.comment.findMany({
              where: { id: { in: [...ids] } },
              select: { userId: true, documentId: true },
            });
            await onChanged(tx, rows);
            return count;
          })
        : db.comment.updateMany({ where: { id: { in: [...ids] } }, data }).then((r) => r.count),

    /** Deletes the comments; their replies go with them (the foreign key cascades, the trigger counts). */
    deleteMany: (ids: readonly bigint[]) =>
      db.comment.deleteMany({ where: { id: { in: [...ids] } } }).then((r) => r.count),

    /** The documents and articles the comments are on, by kind and id. */
    async targets(keys: readonly { kind: TargetKind; id: bigint }[]): Promise<Map<string, Target>> {
      const docIds = [...new Set(keys.filter((k) => k.kind === "document").map((k) => k.id))];
      const artIds = [...new Set(keys.filter((k) => k.kind === "article").map((k) => k.id))];
      const select = { id: true, title: true, userId: true, status: true, deletedAt: true } as const;
      const [docs, arts] = await Promise.all([
        docIds.length ? db.document.findMany({ where: { id: { in: docIds } }, select: { ...select, uuid: true } }) : [],
        artIds.length
          ? db.article.findMany({ where: { id: { in: artIds } }, select: { ...select, identifier: true } })
          : [],
      ]);
      const out = new Map<string, Target>();
      for (const d of docs) out.set(targetKey("document", d.id), { ...d, kind: "document", ref: d.uuid });
      for (const a of arts) out.set(targetKey("article", a.id), { ...a, kind: "article", ref: a.identifier });
      return out;
    },
  };
}
export type CommentRepository = ReturnType<typeof createCommentRepository>;

export const targetKey = (kind: TargetKind, id: bigint) => `${kind}:${id}`;
