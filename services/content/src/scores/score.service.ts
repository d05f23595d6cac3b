// Ratings of documents: 1-5 stars stored x100 as moredoc does (100 = 1 star), one per user and
// document, only of public documents (as comments); the document keeps the rounded average and the count.
import { type CallContext, DomainError, requireSignedIn } from "@wenku/kit";
import { notFound } from "../documents/document.rules.js";
import { isPublic } from "../documents/visibility.js";
import type { ScoreRepository, ScoreRow } from "./score.repository.js";

const STARS = [100, 200, 300, 400, 500];

export function checkScore(score: number): number {
  if (!STARS.includes(score)) throw new DomainError("invalid_argument", "评分须为 1 到 5 星", undefined, "score");
  return score;
}

function checkDocumentId(id: bigint): bigint {
  if (id <= 0n) throw new DomainError("invalid_argument", "请选择要评分的文档", undefined, "document_id");
  return id;
}

export function createScoreService(repo: ScoreRepository) {
  return {
    async rate(call: CallContext, documentId: bigint, score: number): Promise<void> {
      const me = requireSignedIn(call).userId;
      const id = checkDocumentId(documentId);
      const stars = checkScore(score);
      const doc = await repo.document(id);
      // public documents only (as comments): not even the owner or staff rate a hidden one
      if (!doc || !isPublic(doc)) throw notFound();
      if (!(await repo.add(me, id, stars)))
        throw new DomainError("already_exists", "您已经评过分了，每篇文档只能评一次");
    },

    /** The caller's rating of the document; score 0 when they have not rated it. */
    async mine(call: CallContext, documentId: bigint): Promise<ScoreRow | null> {
      const me = requireSignedIn(call).userId;
      return repo.mine(me, checkDocumentId(documentId));
    },
  };
}
export type ScoreService = ReturnType<typeof createScoreService>;
