import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ScoreRow } from "./score.repository.js";

/** GetDocumentScore's answer: the caller's rating, or score 0 (no id, no times) when they have not rated. */
export function toDocumentScore(documentId: bigint, userId: bigint, mine: ScoreRow | null) {
  if (!mine) return { documentId, userId, score: 0 };
  return {
    id: mine.id,
    documentId: mine.documentId,
    userId: mine.userId,
    score: mine.score,
    createdAt: timestampFromDate(mine.createdAt),
    updatedAt: timestampFromDate(mine.updatedAt),
  };
}
