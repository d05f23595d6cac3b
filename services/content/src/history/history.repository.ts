// The only code that touches the database for reading progress.
import { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";
import { PUBLIC_STATUSES } from "../documents/visibility.js";

export interface HistoryRow {
  documentId: bigint;
  page: number;
  updatedAt: Date;
  title: string;
  ext: string;
  pages: number;
  uuid: string;
}

/** Documents the user can still open: not in the recycle bin, and public or their own (as canSee). */
const OPENABLE = Prisma.sql`d.deleted_at IS NULL AND (d.status = ANY(${[...PUBLIC_STATUSES]}::int[]) OR d.user_id = r.user_id)`;

export function createHistoryRepository(db: Db) {
  return {
    document: (id: bigint) =>
      db.document.findUnique({
        where: { id },
        select: { id: true, userId: true, status: true, deletedAt: true, pages: true },
      }),

    /** Records the page (insert or move), stamped now. */
    save: (userId: bigint, documentId: bigint, page: number) =>
      db.$executeRaw`
        INSERT INTO reading_progress (user_id, document_id, page, updated_at) VALUES (${userId}, ${documentId}, ${page}, now())
        ON CONFLICT (user_id, document_id) DO UPDATE SET page = EXCLUDED.page, updated_at = EXCLUDED.updated_at`,

    one: (userId: bigint, documentId: bigint) =>
      db.readingProgress.findUnique({ where: { userId_documentId: { userId, documentId } } }),

    async page(userId: bigint, skip: number, take: number) {
      const cond = Prisma.sql`r.user_id = ${userId} AND ${OPENABLE}`;
      const [counted, rows] = await Promise.all([
        db.$queryRaw<Array<{ n: bigint }>>`
          SELECT count(*) AS n FROM reading_progress r JOIN documents d ON d.id = r.document_id WHERE ${cond}`,
        db.$queryRaw<
          Array<{
            document_id: bigint;
            page: number;
            updated_at: Date;
            title: string;
            ext: string;
            pages: number;
            uuid: string;
          }>
        >`
          SELECT r.document_id, r.page, r.updated_at, d.title, d.ext, d.pages, d.uuid
            FROM reading_progress r JOIN documents d ON d.id = r.document_id
           WHERE ${cond} ORDER BY r.updated_at DESC, r.document_id DESC OFFSET ${skip} LIMIT ${take}`,
      ]);
      return {
        total: Number(counted[0]?.n ?? 0n),
        rows: rows.map(
          (r): HistoryRow => ({
            documentId: r.document_id,
            page: r.page,
            updatedAt: r.updated_at,
            title: r.title,
            ext: r.ext,
            pages: r.pages,
            uuid: r.uuid,
          }),
        ),
      };
    },

    remove: (userId: bigint, documentIds: readonly bigint[]) =>
      db.readingProgress.deleteMany({ where: { userId, documentId: { in: [...documentIds] } } }).then((r) => r.count),
  };
}
export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
