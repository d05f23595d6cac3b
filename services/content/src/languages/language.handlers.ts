import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import { type LanguageAPI, ListLanguageReplySchema } from "@wenku/proto/api/v1/language_pb.js";
import { toLanguage } from "./language.mapper.js";
import type { LanguageService } from "./language.service.js";

/** Thin RPC edge of LanguageAPI. */
export function createLanguageHandlers(languages: LanguageService): ServiceImpl<typeof LanguageAPI> {
  return {
    async createLanguage(req) {
      await languages.create(req);
      return {};
    },
    async updateLanguage(req) {
      await languages.update(req);
      return {};
    },
    async updateLanguageStatus(req) {
      await languages.setEnable(req.id, req.enable);
      return {};
    },
    async deleteLanguage(req) {
      await languages.delete(req.id);
      return {};
    },
    async listLanguage(req, ctx) {
      const { total, items } = await languages.list(actor(ctx), req);
      return create(ListLanguageReplySchema, { total: BigInt(total), language: items.map(toLanguage) });
    },
  };
}
