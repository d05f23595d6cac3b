import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { ListDocumentReplySchema, type RecycleAPI } from "@wenku/proto/api/v1/document_pb.js";
import { toDocument } from "./document.mapper.js";
import type { RecycleService } from "./recycle.service.js";

/** Thin RPC edge of RecycleAPI (staff only: the access policy requires the permission). */
export function createRecycleHandlers(recycle: RecycleService): ServiceImpl<typeof RecycleAPI> {
  return {
    async listRecycleDocument(req) {
      const { total, rows, users } = await recycle.list(req);
      return create(ListDocumentReplySchema, {
        total: BigInt(total),
        document: rows.map((r) => toDocument(r, { users, showError: true })),
      });
    },
    async recoverRecycleDocument(req) {
      await recycle.recover(req.id);
      return {};
    },
    async deleteRecycleDocument(req) {
      await recycle.purge(req.id);
      return {};
    },
    async clearRecycleDocument() {
      await recycle.clear();
      return {};
    },
  };
}
