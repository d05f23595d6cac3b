// DocumentInternalAPI.GetDocumentProduct: a document as the order service sells it (price in
// credits, uploader, whether it is public). The order service decides what a purchase costs.
import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { DomainError } from "@wenku/kit";
import { type DocumentInternalAPI, DocumentProductSchema } from "@wenku/proto/api/v1/content_internal_pb.js";
import { isPublic } from "../documents/visibility.js";
import type { FileRepository } from "./file.repository.js";

export function createDocumentProductHandlers(
  repo: Pick<FileRepository, "findDocumentFile">,
): Pick<ServiceImpl<typeof DocumentInternalAPI>, "getDocumentProduct"> {
  return {
    async getDocumentProduct(req) {
      const doc = req.id > 0n ? await repo.findDocumentFile(req.id) : null;
      if (!doc || doc.deletedAt !== null) throw new DomainError("not_found", "文档不存在");
      return create(DocumentProductSchema, {
        id: doc.id,
        title: doc.title,
        price: doc.price,
        userId: doc.userId,
        public: isPublic(doc),
        isVip: doc.isVip,
      });
    },
  };
}
