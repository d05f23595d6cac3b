// The only code that touches the database for ratings. A rating and the document's average and count
// change in one transaction that first locks the document's row, so concurrent ratings of one document
// queue up and each recomputes the average from every committed rating (no lost update, no drift).
import { isUniqueViolation } from "@wenku/kit";
import type { Db } from "../db.js";

export interface ScoredDocument {
  id: bigint;
  userId: bigint;
  status: number;
  deletedAt: Date | null;
}

export interface ScoreRow {
  id: bigint;
  userId: bigint;
  documentId: bigint;
  score: number;
  createdAt: Date;
  updatedAt: Date;
}

export function createScoreRepository(db: Db) {
  return {
    document: (id: bigint): Promise<ScoredDocument | null> =>
      db.document.findUnique({ where: { id }, select: { id: true, userId: true, status: true, deletedAt: true } }),

    mine: (userId: bigint, documentId: bigint): Promise<ScoreRow | null> =>
      db.documentScore.findUnique({ where: { documentId_userId: { documentId, userId } } }),

    /** Stores the user's rating; false when they had rated the document already (also under a race). */
    async add(userId: bigint, documentId: bigint, score: number): Promise<boolean> {
      try {
        await db.$transaction(async (tx) => {
          await tx.$queryRaw`SELECT id FROM documents WHERE id = ${documentId} FOR UPDATE`;
          await tx.documentScore.create({ data: { userId, documentId, score } });
          await tx.$executeRaw`
            UPDATE documents d SET score = s.avg, score_count = s.n
              FROM (SELECT round(avg(score))::int AS avg, count(*)::int AS n
                      FROM document_scores WHERE document_id = ${documentId}) s
             WHERE d.id = ${documentId}`;
        });
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },
  };
}
export type ScoreRepository = ReturnType<typeof createScoreRepository>;
