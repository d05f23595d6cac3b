// The file side of DocumentAPI: uploads, exist-by-hash, page images and covers, signed downloads.
// The rest of DocumentAPI (metadata, review, lists) is documents/document.handlers.ts.
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import type { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import type { ContentServerDeps } from "../server.js";
import { toAttachmentProto } from "./attachment.mapper.js";
import { createDownloadService } from "./download.service.js";
import { createFileRepository } from "./file.repository.js";
import { createPageCache } from "./page.cache.js";
import { createPageService } from "./page.service.js";
import { createUploadQuota } from "./upload.quota.js";
import { createUploadService } from "./upload.service.js";

type FileMethods =
  | "uploadDocument"
  | "checkDocumentExist"
  | "getDocumentConverters"
  | "viewDocumentPage"
  | "downloadDocument"
  | "downloadDocumentToBeReviewed"
  | "fetchDocumentDownload";

export function createFileHandlers(deps: ContentServerDeps): Pick<ServiceImpl<typeof DocumentAPI>, FileMethods> {
  const repo = createFileRepository(deps.db);
  const uploads = createUploadService({
    repo,
    storage: deps.storage,
    settings: deps.settings,
    users: deps.users,
    quota: createUploadQuota(deps.rateLimits),
    ...(deps.converters ? { converters: deps.converters } : {}),
    log: deps.log.child({ module: "upload" }),
  });
  const pages = createPageService({
    cache: createPageCache({ load: repo.findPageDocument, storage: deps.storage, events: deps.documents }),
    storage: deps.storage,
  });
  const downloads = createDownloadService({
    repo,
    storage: deps.storage,
    settings: deps.settings,
    internalToken: deps.internalToken,
  });
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
      const { id, page, gzip, ifNoneMatch } = req;
      return pages.view(actor(ctx), { id, page, gzip, ifNoneMatch }, ctx.signal);
    },
    async downloadDocument(req, ctx) {
      return downloads.download(actor(ctx), req.id);
    },
    async downloadDocumentToBeReviewed(req, ctx) {
      return downloads.downloadForReview(actor(ctx), req.id);
    },
    fetchDocumentDownload(req, ctx) {
      return downloads.fetch(req.token, ctx.signal);
    },
  };
}
