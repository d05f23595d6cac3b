import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type Sign, SignSchema } from "@wenku/proto/api/v1/user_pb.js";
import type { SignRow } from "./sign.repository.js";

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
