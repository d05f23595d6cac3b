import { create } from "@bufbuild/protobuf";
import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type Advertisement, AdvertisementSchema } from "@wenku/proto/api/v1/advertisement_pb.js";
import type { AdvertisementRow } from "./advertisement.repository.js";
import type { AdvertisementInput } from "./advertisement.service.js";

const ts = (d: Date | null) => (d ? timestampFromDate(d) : undefined);

/** An ad as staff see it; visitors (`staff` false) never get the internal remark. */
export function toAdvertisement(row: AdvertisementRow, staff = true): Advertisement {
  return create(AdvertisementSchema, {
    id: row.id,
    position: row.position,
    startTime: ts(row.startTime),
    endTime: ts(row.endTime),
    enable: row.enable,
    content: row.content,
    title: row.title,
    remark: staff ? row.remark : "",
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
    link: row.link,
    sort: row.sort,
    image: row.image,
  });
}

/** The RPC's ad as the service takes it: unset times are open (null). */
export function advertisementInput(msg: Advertisement): AdvertisementInput {
  return {
    id: msg.id,
    position: msg.position,
    title: msg.title,
    content: msg.content,
    image: msg.image,
    link: msg.link,
    startTime: msg.startTime ? timestampDate(msg.startTime) : null,
    endTime: msg.endTime ? timestampDate(msg.endTime) : null,
    enable: msg.enable,
    sort: msg.sort,
    remark: msg.remark,
  };
}
