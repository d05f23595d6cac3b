import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor, keepFields } from "@wenku/kit";
import { ListSpiderUrlReplySchema, type SpiderUrlAPI, SpiderUrlSchema } from "@wenku/proto/api/v1/spider_pb.js";
import { toSpiderUrl } from "../mappers.js";
import type { UrlService } from "./url.service.js";

/** Thin RPC edge of SpiderUrlAPI. */
export function createUrlHandlers(urls: UrlService): ServiceImpl<typeof SpiderUrlAPI> {
  return {
    async createSpiderUrl(req, ctx) {
      return toSpiderUrl(await urls.create(actor(ctx), req));
    },
    async updateSpiderUrl(req, ctx) {
      await urls.update(actor(ctx), req);
      return {};
    },
    async deleteSpiderUrl(req) {
      await urls.delete(req.id);
      return {};
    },
    async getSpiderUrl(req) {
      return toSpiderUrl(await urls.get(req.id));
    },
    async listSpiderUrl(req) {
      const { total, rows } = await urls.list(req);
      return create(ListSpiderUrlReplySchema, {
        total: BigInt(total),
        spiderUrl: rows.map((r) => keepFields(SpiderUrlSchema, toSpiderUrl(r), req.field)),
      });
    },
  };
}
