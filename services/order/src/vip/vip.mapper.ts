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
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
  });
}

/** A list's card: the public fields only unless `staff`, then only the `field`s asked for. */
export function toListedVipCard(row: VipCardRow, staff: boolean, field: readonly string[]): VipCard {
  const card = staff ? toVipCard(row) : keepFields(VipCardSchema, toVipCard(row), PUBLIC_FIELDS);
  return keepFields(VipCardSchema, card, field);
}

export function toUserVip(row: UserVipRow): UserVip {
  return create(UserVipSchema, {
    id: row.id,
    userId: row.userId,
    username: row.username,
    cardType: row.cardType,
    expiredAt: timestampFromDate(row.expiredAt),
    totalDays: row.totalDays,
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
  });
}
