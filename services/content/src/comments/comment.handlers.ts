import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import { type CommentAPI, ListCommentReplySchema } from "@wenku/proto/api/v1/comment_pb.js";
import { toComment } from "./comment.mapper.js";
import { CommentStatus } from "./comment.rules.js";
import type { CommentService } from "./comment.service.js";

/** Thin RPC edge of CommentAPI. */
export function createCommentHandlers(comments: CommentService): ServiceImpl<typeof CommentAPI> {
  return {
    async createComment(req, ctx) {
      const row = await comments.create(actor(ctx), req);
      return { id: row.id, pending: row.status === CommentStatus.pending };
    },
    async updateComment(req) {
      await comments.update(req);
      return {};
    },
    async deleteComment(req, ctx) {
      await comments.delete(actor(ctx), req.id);
      return {};
    },
    async getComment(req) {
      const v = await comments.get(req.id);
      const [row] = v.rows;
      return toComment(row as NonNullable<typeof row>, { ...v, withTitle: true });
    },
    async listComment(req, ctx) {
      const v = await comments.list(actor(ctx), req);
      return create(ListCommentReplySchema, {
        total: BigInt(v.total),
        comment: v.rows.map((r) => toComment(r, { ...v, withTitle: req.withDocumentTitle })),
      });
    },
    async checkComment(req) {
      await comments.check(req.id, req.status);
      return {};
    },
  };
}
