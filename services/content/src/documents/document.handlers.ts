// DocumentAPI, the one module implementing it: metadata, review and lists (this folder), the file side
// (uploads, page images, downloads: ../files), search and ratings, each a call into its slice's service.
import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import {
  type DocumentAPI,
  ListDocumentForHomeItemSchema,
  ListDocumentForHomeResponseSchema,
  ListDocumentReplySchema,
  SearchDocumentReplySchema,
  SearchDocumentTextReplySchema,
} from "@wenku/proto/api/v1/document_pb.js";
import { toAttachmentProto } from "../files/attachment.mapper.js";
import type { DownloadService } from "../files/download.service.js";
import type { PageService } from "../files/page.service.js";
import type { UploadService } from "../files/upload.service.js";
import { toDocumentScore } from "../scores/score.mapper.js";
import type { ScoreService } from "../scores/score.service.js";
import { documentsReply } from "../search/search.mapper.js";
import type { SearchService } from "../search/search.service.js";
import type { DocumentAdminService } from "./document.admin.js";
import { pickFields, toDocument } from "./document.mapper.js";
import type { DocumentQuery } from "./document.query.js";
import type { DocumentService } from "./document.service.js";
import type { DocumentTextSearch } from "./document.text-search.js";

/** The services DocumentAPI's methods call. */
export interface DocumentDomain {
  documents: DocumentService;
  admin: DocumentAdminService;
  query: DocumentQuery;
  uploads: UploadService;
  pages: PageService;
  downloads: DownloadService;
  search: SearchService;
  textSearch: DocumentTextSearch;
  scores: ScoreService;
}

/** Thin RPC edge of DocumentAPI. */
export function createDocumentHandlers({
  documents,
  admin,
  query,
  uploads,
  pages,
  downloads,
  search,
  textSearch,
  scores,
}: DocumentDomain): ServiceImpl<typeof DocumentAPI> {
  return {
    async createDocument(req, ctx) {
      await documents.create(actor(ctx), req);
      return {};
    },
    async updateDocument(req, ctx) {
      await documents.update(actor(ctx), req);
      return {};
    },
    async deleteDocument(req, ctx) {
      await documents.delete(actor(ctx), req.id);
      return {};
    },
    async getDocument(req, ctx) {
      const v = await query.get(actor(ctx), req);
      return toDocument(v.row, { ...v, withAuthor: req.withAuthor });
    },
    async listDocument(req, ctx) {
      const v = await query.list(actor(ctx), req);
      return create(ListDocumentReplySchema, {
        total: BigInt(v.total),
        document: v.rows.map((r) =>
          pickFields(toDocument(r, { users: v.users, showError: v.showError(r) }), req.field),
        ),
      });
    },
    async listDocumentForHome(req) {
      const { groups, users } = await query.home(req.limit);
      return create(ListDocumentForHomeResponseSchema, {
        document: groups.map((g) =>
          create(ListDocumentForHomeItemSchema, {
            categoryId: g.categoryId,
            categoryCover: g.cover,
            categoryName: g.title,
            document: g.rows.map((r) => pickFields(toDocument(r, { users }), req.field)),
          }),
        ),
      });
    },
    async getRelatedDocuments(req, ctx) {
      const { rows, users } = await query.related(actor(ctx), req.id);
      return create(ListDocumentReplySchema, {
        total: BigInt(rows.length),
        document: rows.map((r) => toDocument(r, { users })),
      });
    },
    async setDocumentRecommend(req) {
      await admin.recommend(req.id, req.type);
      return {};
    },
    async checkDocument(req) {
      await admin.check(req.id, req.status, req.reason);
      return {};
    },
    async setDocumentReconvert() {
      await admin.reconvertFailed();
      return {};
    },
    async setDocumentsCategory(req) {
      await admin.setCategories(req.documentId, req.categoryId);
      return {};
    },
    async setDocumentsLanguage(req) {
      await admin.setLanguage(req.documentId, req.languageId, req.language);
      return {};
    },
    async detectDocumentLanguage(req) {
      await admin.detectLanguage(req.id);
      return {};
    },
    async setDocumentVip(req) {
      await admin.setVip(req.id, req.isVip);
      return {};
    },
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
      const { id, hash, page, gzip, text, ifNoneMatch } = req;
      return pages.view(actor(ctx), { id, hash, page, gzip, text, ifNoneMatch }, ctx.signal);
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
    async setDocumentIndex(req) {
      await search.reindex(req.id);
      return {};
    },
    async searchDocument(req, ctx) {
      return create(SearchDocumentReplySchema, documentsReply(await search.documents(actor(ctx), req)));
    },
    async searchDocumentText(req, ctx) {
      const r = await textSearch.search(actor(ctx), req);
      return create(SearchDocumentTextReplySchema, {
        total: BigInt(r.total),
        pagesBeyondPreview: r.pagesBeyondPreview,
        hit: r.hits.map((h) => ({ page: h.page, snippet: h.text, highlight: h.highlights, count: h.count })),
      });
    },
    async setDocumentScore(req, ctx) {
      await scores.rate(actor(ctx), req.documentId, req.score);
      return {};
    },
    async getDocumentScore(req, ctx) {
      const call = actor(ctx);
      return toDocumentScore(req.documentId, call.identity?.userId ?? 0n, await scores.mine(call, req.documentId));
    },
  };
}
