import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { ListDocumentReplySchema, type RecycleAPI } from "@wenku/proto/api/v1/document_pb.js";
import { createCategoryRepository } from "../categories/category.repository.js";
import type { ContentServerDeps } from "../server.js";
import { toDocument } from "./document.mapper.js";
import { createDocumentRepository } from "./document.repository.js";
import { createRecycleService, type RecycleService } from "./recycle.service.js";

export function createRecycleHandlers(deps: ContentServerDeps): ServiceImpl<typeof RecycleAPI> {
  return recycleHandlers(
    createRecycleService({
      repo: createDocumentRepository(deps.db),
      categories: createCategoryRepository(deps.db),
      users: deps.users,
      events: deps.documents,
    }),
  );
}

/** Thin RPC edge of RecycleAPI (staff only: the access policy requires the permission). */
export function recycleHandlers(recycle: RecycleService): ServiceImpl<typeof RecycleAPI> {
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
