import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import { ListNavigationReplySchema, type NavigationAPI } from "@wenku/proto/api/v1/navigation_pb.js";
import { toNavigation } from "./navigation.mapper.js";
import type { NavigationService } from "./navigation.service.js";

/** Thin RPC edge of NavigationAPI. */
export function createNavigationHandlers(navigation: NavigationService): ServiceImpl<typeof NavigationAPI> {
  return {
    async createNavigation(req) {
      return toNavigation(await navigation.create(req));
    },
    async updateNavigation(req) {
      await navigation.update(req);
      return {};
    },
    async deleteNavigation(req) {
      await navigation.delete(req.id);
      return {};
    },
    async getNavigation(req) {
      return toNavigation(await navigation.get(req.id));
    },
    async listNavigation(req, ctx) {
      const { total, items } = await navigation.list(actor(ctx), req);
      return create(ListNavigationReplySchema, { total: BigInt(total), navigation: items.map(toNavigation) });
    },
  };
}
