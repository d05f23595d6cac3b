import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { keepFields } from "@wenku/kit";
import {
  ListSpiderDocumentReplySchema,
  type SpiderDocumentAPI,
  SpiderDocumentSchema,
} from "@wenku/proto/api/v1/spider_pb.js";
import { toSpiderDocument } from "../mappers.js";
import type { DocService } from "./document.service.js";

/** Thin RPC edge of SpiderDocumentAPI. */
export function createDocHandlers(docs: DocService): ServiceImpl<typeof SpiderDocumentAPI> {
  return {
    async updateSpiderDocument(req) {
      await docs.update(req);
      return {};
    },
    async deleteSpiderDocument(req) {
      await docs.delete(req.id);
      return {};
    },
    async getSpiderDocument(req) {
      return toSpiderDocument(await docs.get(req.id));
    },
    async listSpiderDocument(req) {
      const { total, rows } = await docs.list(req);
      return create(ListSpiderDocumentReplySchema, {
        total: BigInt(total),
        spiderDocument: rows.map((r) => keepFields(SpiderDocumentSchema, toSpiderDocument(r), req.field)),
      });
    },
    async batchUpdateSpiderDocument(req) {
      await docs.batch(req.id, req.status);
      return {};
    },
  };
}
