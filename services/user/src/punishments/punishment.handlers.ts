import { create } from "@bufbuild/protobuf";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import { ListPunishmentReplySchema, type PunishmentAPI } from "@wenku/proto/api/v1/punishment_pb.js";
import { toPunishment } from "../users/user.mapper.js";
import type { PunishmentService } from "./punishment.service.js";

/** Thin RPC edge of PunishmentAPI. */
export function createPunishmentHandlers(punishments: PunishmentService): ServiceImpl<typeof PunishmentAPI> {
  return {
    async createPunishment(req, ctx) {
      await punishments.create(actor(ctx), { ...req, endTime: req.endTime ? timestampDate(req.endTime) : null });
      return {};
    },
    async updatePunishment(req, ctx) {
      await punishments.update(actor(ctx), { ...req, endTime: req.endTime ? timestampDate(req.endTime) : null });
      return {};
    },
    getPunishment: async (req) => toPunishment(await punishments.get(req.id)),
    async listPunishment(req) {
      const { total, rows } = await punishments.list(req);
      return create(ListPunishmentReplySchema, { total: BigInt(total), punishment: rows.map(toPunishment) });
    },
    async cancelPunishment(req, ctx) {
      await punishments.cancel(actor(ctx), req.id);
      return {};
    },
  };
}
