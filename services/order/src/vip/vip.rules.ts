// The pure rules of VIP: what a valid card is, what an order for one costs, and how a grant moves a
// membership's end. No I/O here (vip.rules.test.ts covers them).
import { DomainError } from "@wenku/kit";
import { VipCardType } from "@wenku/proto/api/v1/enums_pb.js";

export const vipMessages = {
  titleRequired: "请输入VIP卡名称",
  titleTooLong: "VIP卡名称不能超过64个字符",
  type: "VIP卡类型不正确，可选：0 年卡、1 季卡、2 月卡",
  price: "价格须是不小于0的整数（单位：分）",
  creditPrice: "积分价格须是不小于0的整数，0表示不能用积分购买",
  days: "有效天数须在1到3660天之间",
  discount: "折扣须大于0且不超过1（1表示不打折）",
  descriptionTooLong: "VIP卡描述不能超过1024个字符",
  notFound: "VIP卡不存在",
  pickEdit: "请指定要修改的VIP卡",
  pickDelete: "请选择要删除的VIP卡",
  notOnSale: "该VIP卡已下架",
  vipDisabled: "本站暂未开启VIP会员",
  productRequired: "请选择要购买的VIP卡",
  typeNotOnSale: "该类型的VIP卡暂未开售",
  quantity: "VIP卡每次只能购买一张",
  neverVip: "您还不是VIP会员",
  userRequired: "请指定要赠送VIP的用户",
  userNotFound: "用户不存在",
  grantDays: "赠送天数须在1到3660天之间",
  remarkTooLong: "备注不能超过255个字符",
  documentDiscount: "购买文档折扣须是0到100之间的整数（100表示不打折）",
  download: "免费下载次数须是0到1000000之间的整数",
  timesEveryDay: "每日下载上限须是0到100000之间的整数，0表示不限制",
} as const;

export const MIN_DAYS = 1;
export const MAX_DAYS = 3660;
const DAY_MS = 86_400_000;

/** A card as the RPCs send it: the stored fields and the id (0 when new). */
export interface VipCardInput {
  id: bigint;
  title: string;
  type: VipCardType;
  price: number;
  creditPrice: number;
  days: number;
  description: string;
  enable: boolean;
  sort: number;
  discount: number;
  /** Benefits; undefined: the defaults on create, unchanged on update. */
  documentDiscount?: number;
  download?: number;
  timesEveryDay?: number;
}
export type VipCardData = Omit<VipCardInput, "id">;

const invalid = (field: string, message: string) => new DomainError("invalid_argument", message, undefined, field);
const CARD_TYPES: readonly number[] = [VipCardType.YEAR, VipCardType.SEASON, VipCardType.MONTH];
const isCount = (n: number) => Number.isInteger(n) && n >= 0;
/** An optional whole number in [0, max]: undefined stays undefined. */
const optionalCount = (n: number | undefined, max: number, field: string, message: string) => {
  if (n === undefined) return undefined;
  if (!isCount(n) || n > max) throw invalid(field, message);
  return n;
};

/** Checks one card; returns it trimmed, ready to store. */
export function validateCard(input: VipCardInput): VipCardData {
  const m = vipMessages;
  const title = input.title.trim();
  if (!title) throw invalid("title", m.titleRequired);
  if ([...title].length > 64) throw invalid("title", m.titleTooLong);
  if (!CARD_TYPES.includes(input.type)) throw invalid("type", m.type);
  if (!isCount(input.price)) throw invalid("price", m.price);
  if (!isCount(input.creditPrice)) throw invalid("credit_price", m.creditPrice);
  if (!Number.isInteger(input.days) || input.days < MIN_DAYS || input.days > MAX_DAYS) throw invalid("days", m.days);
  // An unset double arrives as 0: it cannot mean "free", so it is refused like any other bad factor.
  if (!Number.isFinite(input.discount) || input.discount <= 0 || input.discount > 1)
    throw invalid("discount", m.discount);
  const description = input.description.trim();
  if ([...description].length > 1024) throw invalid("description", m.descriptionTooLong);
  return {
    title,
    type: input.type,
    price: input.price,
    creditPrice: input.creditPrice,
    days: input.days,
    description,
    enable: input.enable,
    sort: input.sort,
    discount: input.discount,
    documentDiscount: optionalCount(input.documentDiscount, 100, "document_discount", m.documentDiscount),
    download: optionalCount(input.download, 1_000_000, "download", m.download),
    timesEveryDay: optionalCount(input.timesEveryDay, 100_000, "times_every_day", m.timesEveryDay),
  };
}

/**
 * What a VIP member pays for a document of `price` credits at `percent` of the price: rounded down
 * (in the buyer's favour), never below 0, integer arithmetic only.
 */
export function vipDocumentPrice(price: number, percent: number): number {
  const p = Math.min(100, Math.max(0, Math.trunc(percent)));
  return Math.max(0, Math.floor((Math.max(0, Math.trunc(price)) * p) / 100));
}

/** What an order for the card costs: cents after the discount (rounded to the cent) and its credits. */
export function cardPrice(card: Pick<VipCardData, "price" | "discount" | "creditPrice">) {
  return { price: card.price, amount: Math.round(card.price * card.discount), creditAmount: card.creditPrice };
}

/** A membership's end after adding `days`: counted from its current end, or from now when lapsed or new. */
export function extendExpiry(current: Date | null | undefined, days: number, now: Date): Date {
  const from = current && current > now ? current : now;
  return new Date(from.getTime() + days * DAY_MS);
}

/** The card type an administrator's grant of `days` counts as (a membership shows the last type). */
export function cardTypeForDays(days: number): VipCardType {
  if (days >= 365) return VipCardType.YEAR;
  if (days >= 90) return VipCardType.SEASON;
  return VipCardType.MONTH;
}

/**
 * The card a BUY_VIP order names: `vipCardId` when given (our clients pick a card), else the product
 * id as moredoc's /joinvip sends it, a card type (0 year, 1 season, 2 month). Card ids start at 1 and
 * so do types but for 0: the two cannot share one field, hence vip_card_id.
 */
export function vipChoice(productId: bigint, vipCardId = 0n): { cardId: bigint } | { type: VipCardType } {
  if (vipCardId < 0n) throw invalid("vip_card_id", vipMessages.productRequired);
  if (vipCardId > 0n) return { cardId: vipCardId };
  if (productId < 0n || productId > 2n || !CARD_TYPES.includes(Number(productId)))
    throw invalid("product_id", vipMessages.type);
  return { type: Number(productId) as VipCardType };
}

/** Checks an administrator's grant. */
export function validateGrant(g: { userId: bigint; days: number; remark: string }) {
  if (g.userId <= 0n) throw invalid("user_id", vipMessages.userRequired);
  if (!Number.isInteger(g.days) || g.days < MIN_DAYS || g.days > MAX_DAYS) throw invalid("days", vipMessages.grantDays);
  const remark = g.remark.trim();
  if ([...remark].length > 255) throw invalid("remark", vipMessages.remarkTooLong);
  return { userId: g.userId, days: g.days, remark };
}
