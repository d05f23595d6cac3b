import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import { type FriendlinkAPI, ListFriendlinkReplySchema } from "@wenku/proto/api/v1/friendlink_pb.js";
import { toFriendlink, toListedFriendlink } from "./friendlink.mapper.js";
import type { FriendlinkService } from "./friendlink.service.js";

/** Thin RPC edge of FriendlinkAPI. */
export function createFriendlinkHandlers(links: FriendlinkService): ServiceImpl<typeof FriendlinkAPI> {
  return {
    async createFriendlink(req) {
      return toFriendlink(await links.create(req));
    },
    async updateFriendlink(req) {
      await links.update(req);
      return {};
    },
    async deleteFriendlink(req) {
      await links.delete(req.id);
      return {};
    },
    async getFriendlink(req) {
      return toFriendlink(await links.get(req.id));
    },
    async listFriendlink(req, ctx) {
      const { total, rows, staff } = await links.list(actor(ctx), req);
      return create(ListFriendlinkReplySchema, {
        total: BigInt(total),
        friendlink: rows.map((row) => toListedFriendlink(row, staff, req.field)),
      });
    },
  };
}
