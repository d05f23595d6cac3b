import { VipCardType } from "@wenku/proto/api/v1/enums_pb.js";
import type { VipCard } from "@wenku/proto/api/v1/vip_pb.js";
import type { MessageKey } from "../../i18n/zh-CN.js";

/** VipCardType: year 0, season 1, month 2 (spec §3). */
export const VIP_CARD_TYPES = [VipCardType.YEAR, VipCardType.SEASON, VipCardType.MONTH] as const;

export const vipCardTypeKey = (type: VipCardType): MessageKey => `vip.cardType.${type}` as MessageKey;

/** What a card costs in cents after its discount, as the server's quote computes it (price × discount). */
export function payableCents(card: Pick<VipCard, "price" | "discount">): number {
  const discount = card.discount > 0 && card.discount <= 1 ? card.discount : 1;
  return Math.round(card.price * discount);
}
