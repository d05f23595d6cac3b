import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import { type BannerAPI, ListBannerReplySchema } from "@wenku/proto/api/v1/banner_pb.js";
import { toBanner, toListedBanner } from "./banner.mapper.js";
import type { BannerService } from "./banner.service.js";

/** Thin RPC edge of BannerAPI. */
export function createBannerHandlers(banners: BannerService): ServiceImpl<typeof BannerAPI> {
  return {
    async createBanner(req) {
      return toBanner(await banners.create(req));
    },
    async updateBanner(req) {
      await banners.update(req);
      return {};
    },
    async deleteBanner(req) {
      await banners.delete(req.id);
      return {};
    },
    async getBanner(req) {
      return toBanner(await banners.get(req.id));
    },
    async listBanner(req, ctx) {
      const { total, rows, staff } = await banners.list(actor(ctx), req);
      return create(ListBannerReplySchema, {
        total: BigInt(total),
        banner: rows.map((row) => toListedBanner(row, staff, req.field)),
      });
    },
  };
}
