import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import { OrderType } from "@wenku/proto/api/v1/enums_pb.js";
import { ListUserVipReplySchema, ListVipCardReplySchema, type UserVipAPI } from "@wenku/proto/api/v1/vip_pb.js";
import { toListOrderReply } from "../orders/order.mapper.js";
import type { OrderService } from "../orders/order.service.js";
import { toListedVipCard, toUserVip, toVipCard } from "./vip.mapper.js";
import type { VipService } from "./vip.service.js";

/**
 * Thin RPC edge of UserVipAPI. ListUserVipOrder: the caller's own BUY_VIP orders, read by the order
 * domain (orders/) as /me/order reads them.
 */
export function createVipHandlers(
  vip: VipService,
  orders: Pick<OrderService, "listMine">,
): ServiceImpl<typeof UserVipAPI> {
  return {
    async createVipCard(req) {
      return toVipCard(await vip.createCard(req));
    },
    async updateVipCard(req) {
      await vip.updateCard(req);
      return {};
    },
    async deleteVipCard(req) {
      await vip.deleteCards(req.id);
      return {};
    },
    async getVipCard(req) {
      return toVipCard(await vip.card(req.id));
    },
    async listVipCard(req, ctx) {
      const { staff, total, rows } = await vip.cards(actor(ctx), req);
      return create(ListVipCardReplySchema, {
        total: BigInt(total),
        vipCard: rows.map((row) => toListedVipCard(row, staff, req.field)),
      });
    },
    async listUserVip(req) {
      const { total, rows } = await vip.members(req);
      return create(ListUserVipReplySchema, { total: BigInt(total), userVip: rows.map((r) => toUserVip(r)) });
    },
    async getUserVip(_req, ctx) {
      const { member, today } = await vip.mine(actor(ctx));
      return toUserVip(member, today);
    },
    async grantUserVip(req, ctx) {
      return toUserVip(await vip.grant(actor(ctx), req));
    },
    async listUserVipOrder(req, ctx) {
      return toListOrderReply(
        await orders.listMine(actor(ctx), { ...req, status: [], orderType: [OrderType.BUY_VIP] }),
      );
    },
  };
}
