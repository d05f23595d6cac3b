import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import type { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import type { ScoreService } from "./score.service.js";

/** The rating side of DocumentAPI. */
export function createScoreHandlers(
  scores: ScoreService,
): Pick<ServiceImpl<typeof DocumentAPI>, "setDocumentScore" | "getDocumentScore"> {
  return {
    async setDocumentScore(req, ctx) {
      await scores.rate(actor(ctx), req.documentId, req.score);
      return {};
    },
    async getDocumentScore(req, ctx) {
      const mine = await scores.mine(actor(ctx), req.documentId);
      if (!mine) return { documentId: req.documentId, userId: actor(ctx).identity?.userId ?? 0n, score: 0 };
      return {
        id: mine.id,
        documentId: mine.documentId,
        userId: mine.userId,
        score: mine.score,
        createdAt: timestampFromDate(mine.createdAt),
        updatedAt: timestampFromDate(mine.updatedAt),
      };
    },
  };
}
