import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type Sms, SmsSchema } from "@wenku/proto/api/v1/sms_pb.js";
import type { SmsRow } from "./sms.repository.js";

export function toSms(r: SmsRow): Sms {
  return create(SmsSchema, {
    id: r.id,
    mobile: r.mobile,
    type: r.type,
    content: r.content,
    status: r.status,
    provider: r.provider,
    error: r.error,
    ip: r.ip,
    userId: r.userId ?? 0n,
    username: r.user?.username ?? "",
    response: r.response,
    createdAt: timestampFromDate(r.createdAt),
    updatedAt: timestampFromDate(r.updatedAt),
  });
}
