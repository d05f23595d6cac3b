import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { keepFields } from "@wenku/kit";
import { type UserVip, UserVipSchema, type VipCard, VipCardSchema } from "@wenku/proto/api/v1/vip_pb.js";
import type { UserVipRow, VipCardRow } from "./vip.repository.js";

/** What /joinvip gets of a card; staff get every field. */
const PUBLIC_FIELDS = [
  "id",
  "title",
  "type",
  "price",
  "creditPrice",
  "days",
  "description",
  "enable",
  "discount",
  "sort",
  "documentDiscount",
  "download",
  "timesEveryDay",
];

export function toVipCard(row: VipCardRow): VipCard {
  return create(VipCardSchema, {
    id: row.id,
    title: row.title,
    type: row.type,
    price: row.price,
    creditPrice: row.creditPrice,
    days: row.days,
    description: row.description,
    enable: row.enable,
    sort: row.sort,
    discount: row.discount,
    documentDiscount: row.documentDiscount,
    download: row.download,
    timesEveryDay: row.timesEveryDay,
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
  });
}

/** A list's card: the public fields only unless `staff`, then only the `field`s asked for. */
export function toListedVipCard(row: VipCardRow, staff: boolean, field: readonly string[]): VipCard {
  const card = staff ? toVipCard(row) : keepFields(VipCardSchema, toVipCard(row), PUBLIC_FIELDS);
  return keepFields(VipCardSchema, card, field);
}

/** A membership with its benefits; `today`: its VIP downloads today (the member's own view). */
export function toUserVip(row: UserVipRow, today = 0): UserVip {
  return create(UserVipSchema, {
    id: row.id,
    userId: row.userId,
    username: row.username,
    cardType: row.cardType,
    expiredAt: timestampFromDate(row.expiredAt),
    totalDays: row.totalDays,
    documentDiscount: row.documentDiscount,
    download: row.download,
    downloadLeft: Math.max(0, row.download - row.downloadUsed),
    timesEveryDay: row.timesEveryDay,
    downloadsToday: today,
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
  });
}
