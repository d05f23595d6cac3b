import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import {
  type DocumentAPI,
  ListDocumentForHomeItemSchema,
  ListDocumentForHomeResponseSchema,
  ListDocumentReplySchema,
} from "@wenku/proto/api/v1/document_pb.js";
import type { DocumentAdminService } from "./document.admin.js";
import { pickFields, toDocument } from "./document.mapper.js";
import type { DocumentQuery } from "./document.query.js";
import type { DocumentService } from "./document.service.js";

/** The document metadata side of DocumentAPI (the file side is in ../files). */
export type DocumentMetadataHandlers = Pick<
  ServiceImpl<typeof DocumentAPI>,
  | "createDocument"
  | "getDocument"
  | "listDocument"
  | "listDocumentForHome"
  | "getRelatedDocuments"
  | "setDocumentRecommend"
  | "updateDocument"
  | "deleteDocument"
  | "checkDocument"
  | "setDocumentReconvert"
  | "setDocumentsCategory"
  | "setDocumentsLanguage"
  | "setDocumentVip"
  | "detectDocumentLanguage"
>;

/** Thin RPC edge of the document metadata RPCs. */
export function createDocumentHandlers(
  documents: DocumentService,
  admin: DocumentAdminService,
  query: DocumentQuery,
): DocumentMetadataHandlers {
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
  };
}
