import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import { ListSmsReplySchema, type SmsAPI } from "@wenku/proto/api/v1/sms_pb.js";
import { toSms } from "./sms.mapper.js";
import type { SmsService } from "./sms.service.js";

/** Thin RPC edge of SmsAPI. */
export function createSmsHandlers(sms: SmsService): ServiceImpl<typeof SmsAPI> {
  return {
    getSms: async (req) => toSms(await sms.get(req.id)),
    async listSms(req) {
      const { total, rows } = await sms.list(req);
      return create(ListSmsReplySchema, { total: BigInt(total), sms: rows.map(toSms) });
    },
    async sendSms(req, ctx) {
      await sms.send(actor(ctx), req);
      return {};
    },
  };
}
