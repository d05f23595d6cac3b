import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import { type Sign, SignSchema, type UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import type { SignRow } from "./sign.repository.js";
import type { SignService } from "./sign.service.js";

export function toSign(s: SignRow): Sign {
  return create(SignSchema, {
    id: s.id,
    userId: s.userId,
    signAt: s.day,
    ip: s.ip,
    award: s.award,
    createdAt: timestampFromDate(s.createdAt),
  });
}

/** UserAPI's check-in RPCs (PUT and GET /api/v1/user/sign). */
export function createSignHandlers(
  signs: SignService,
): Pick<ServiceImpl<typeof UserAPI>, "signToday" | "getSignedToday"> {
  return {
    async signToday(_req, ctx) {
      return toSign(await signs.signToday(actor(ctx)));
    },
    async getSignedToday(_req, ctx) {
      return toSign(await signs.signedToday(actor(ctx)));
    },
  };
}
