// DocumentInternalAPI, the one module implementing it: what other services ask about documents (the
// user service: each user's counts and download history; the order service: a document as a product;
// the spider and imports: a file published as a document).
import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { type DocumentInternalAPI, DocumentProductSchema } from "@wenku/proto/api/v1/content_internal_pb.js";
import type { DocumentImport } from "../documents/document.import.js";
import { toUserDownload } from "../files/download.mapper.js";
import type { DownloadService } from "../files/download.service.js";
import type { StatsService } from "../stats/stats.service.js";

/** The services DocumentInternalAPI's methods call. */
export interface DocumentInternalDomain {
  stats: StatsService;
  downloads: DownloadService;
  imports: DocumentImport;
}

export function createDocumentInternalHandlers({
  stats,
  downloads,
  imports,
}: DocumentInternalDomain): ServiceImpl<typeof DocumentInternalAPI> {
  return {
    async countUserDocuments(req) {
      return { count: await stats.userCounts(req.userId, req.publicOnly) };
    },
    async listUserDownloads(req) {
      const { total, rows } = await downloads.history(req.userId, req.page, req.size);
      return { total: BigInt(total), download: rows.map(toUserDownload) };
    },
    async getDocumentProduct(req) {
      return create(DocumentProductSchema, await downloads.product(req.id));
    },
    async getDocumentUuids(req) {
      const uuids = await downloads.uuids(req.id);
      return { uuid: Object.fromEntries([...uuids].map(([id, uuid]) => [id.toString(), uuid])) };
    },
    async importDocument(parts) {
      const { id, duplicate, hash } = await imports.import(parts);
      return { documentId: id, duplicate, hash };
    },
  };
}
