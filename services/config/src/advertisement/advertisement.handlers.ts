import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor, keepFields } from "@wenku/kit";
import {
  type AdvertisementAPI,
  AdvertisementSchema,
  ListAdvertisementReplySchema,
} from "@wenku/proto/api/v1/advertisement_pb.js";
import { advertisementInput, toAdvertisement } from "./advertisement.mapper.js";
import type { AdvertisementService } from "./advertisement.service.js";

/** Thin RPC edge of AdvertisementAPI. */
export function createAdvertisementHandlers(ads: AdvertisementService): ServiceImpl<typeof AdvertisementAPI> {
  return {
    async createAdvertisement(req) {
      return toAdvertisement(await ads.create(advertisementInput(req)));
    },
    async updateAdvertisement(req) {
      await ads.update(advertisementInput(req));
      return {};
    },
    async deleteAdvertisement(req) {
      await ads.delete(req.id);
      return {};
    },
    async getAdvertisement(req) {
      return toAdvertisement(await ads.get(req.id));
    },
    async getAdvertisementByPosition(req, ctx) {
      const rows = await ads.shown(actor(ctx), req.position);
      return create(ListAdvertisementReplySchema, {
        total: BigInt(rows.length),
        advertisement: rows.map((row) => toAdvertisement(row, false)),
      });
    },
    async listAdvertisement(req) {
      const { total, rows } = await ads.list(req);
      return create(ListAdvertisementReplySchema, {
        total: BigInt(total),
        advertisement: rows.map((row) => keepFields(AdvertisementSchema, toAdvertisement(row), req.field)),
      });
    },
  };
}
