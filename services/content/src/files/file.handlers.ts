// The file side of DocumentAPI: uploads, exist-by-hash, page images and covers, signed downloads.
// The rest of DocumentAPI (metadata, review, lists) is documents/document.handlers.ts.
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import type { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { toAttachmentProto } from "./attachment.mapper.js";
import type { DownloadService } from "./download.service.js";
import type { PageService } from "./page.service.js";
import type { UploadService } from "./upload.service.js";

type FileMethods =
  | "uploadDocument"
  | "checkDocumentExist"
  | "getDocumentConverters"
  | "viewDocumentPage"
  | "downloadDocument"
  | "downloadDocumentToBeReviewed"
  | "downloadDocumentVip"
  | "fetchDocumentDownload";

export interface FileDomain {
  uploads: UploadService;
  pages: PageService;
  downloads: DownloadService;
}

export function createFileHandlers({
  uploads,
  pages,
  downloads,
}: FileDomain): Pick<ServiceImpl<typeof DocumentAPI>, FileMethods> {
  return {
    async uploadDocument(parts, ctx) {
      return toAttachmentProto(await uploads.upload(actor(ctx), parts));
    },
    async checkDocumentExist(req, ctx) {
      return uploads.exists(actor(ctx), req.hash);
    },
    async getDocumentConverters() {
      return uploads.converters();
    },
    viewDocumentPage(req, ctx) {
      const { id, hash, page, gzip, ifNoneMatch } = req;
      return pages.view(actor(ctx), { id, hash, page, gzip, ifNoneMatch }, ctx.signal);
    },
    async downloadDocument(req, ctx) {
      return downloads.download(actor(ctx), req.id);
    },
    async downloadDocumentVip(req, ctx) {
      return downloads.download(actor(ctx), req.id, { vip: true });
    },
    async downloadDocumentToBeReviewed(req, ctx) {
      return downloads.downloadForReview(actor(ctx), req.id);
    },
    fetchDocumentDownload(req, ctx) {
      return downloads.fetch(req.token, ctx.signal, { range: req.range, ifRange: req.ifRange });
    },
  };
}
