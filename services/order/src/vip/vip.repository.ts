// The only module that touches the VIP tables (vip_cards, user_vips, vip_grants).
import { isUniqueViolation } from "@wenku/kit";
import type { Prisma, UserVip, VipCard } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";
import type { VipCardData } from "./vip.rules.js";

export type VipCardRow = VipCard;
export type UserVipRow = UserVip;

export interface CardFilter {
  enable?: boolean;
  /** Any of these types; empty: every type. */
  type: readonly number[];
}

export interface MemberFilter {
  /** Part of the username, any case. */
  wd: string;
  userId: readonly bigint[];
  cardType: readonly number[];
}

/** One extension of a membership, booked with the membership's new end in one transaction. */
export interface Grant {
  userId: bigint;
  username: string;
  cardType: number;
  days: number;
  /** The delivered order (once per order); undefined for an administrator's grant. */
  orderId?: bigint;
  cardId: bigint;
  grantedBy: bigint;
  remark: string;
  /** The new end from the current one (vip.rules.ts extendExpiry). */
  extend(current: Date | null): Date;
  /** When the grant is made: a membership running then keeps its free downloads used. */
  now: Date;
  /**
   * The card's benefits: a running membership takes its discount and cap and adds its free
   * downloads; a new or lapsed one starts over with them. Undefined (an administrator's grant to a
   * running membership): the benefits stay as they are.
   */
  benefits?: Benefits;
}

/** What a card gives a membership. */
export interface Benefits {
  cardId: bigint;
  documentDiscount: number;
  download: number;
  timesEveryDay: number;
}

/** No card: no discount, no free downloads, no cap. */
const NO_BENEFITS: Benefits = { cardId: 0n, documentDiscount: 100, download: 0, timesEveryDay: 0 };

/** The membership's benefit columns after a grant. */
function benefitsAfter(current: UserVipRow, running: boolean, b: Benefits | undefined) {
  if (running && !b) return {};
  const card = b ?? NO_BENEFITS;
  return {
    cardId: card.cardId,
    documentDiscount: card.documentDiscount,
    timesEveryDay: card.timesEveryDay,
    ...(running ? { download: current.download + card.download } : { download: card.download, downloadUsed: 0 }),
  };
}

/** A card's benefits. */
export const benefitsOf = (card: VipCardRow): Benefits => ({
  cardId: card.id,
  documentDiscount: card.documentDiscount,
  download: card.download,
  timesEveryDay: card.timesEveryDay,
});

const cardWhere = (f: CardFilter): Prisma.VipCardWhereInput => ({
  deletedAt: null,
  ...(f.enable !== undefined ? { enable: f.enable } : {}),
  ...(f.type.length ? { type: { in: [...f.type] } } : {}),
});

const memberWhere = (f: MemberFilter): Prisma.UserVipWhereInput => ({
  ...(f.wd ? { username: { contains: f.wd, mode: "insensitive" } } : {}),
  ...(f.userId.length ? { userId: { in: [...f.userId] } } : {}),
  ...(f.cardType.length ? { cardType: { in: [...f.cardType] } } : {}),
});

/** The cards as listed: larger sort first, then the older. */
const CARD_ORDER: Prisma.VipCardOrderByWithRelationInput[] = [{ sort: "desc" }, { id: "asc" }];

const TX = { maxWait: 15_000, timeout: 15_000 };

export function createVipRepository(db: Db) {
  return {
    createCard: (data: VipCardData) => db.vipCard.create({ data }),
    /** False when no such card. */
    async updateCard(id: bigint, data: VipCardData) {
      const { count } = await db.vipCard.updateMany({
        where: { id, deletedAt: null },
        data: { ...data, updatedAt: new Date() },
      });
      return count > 0;
    },
    /** Deleted cards are kept (hidden) for the paid orders that still name them. */
    deleteCards: async (ids: bigint[]) =>
      (await db.vipCard.updateMany({ where: { id: { in: ids }, deletedAt: null }, data: { deletedAt: new Date() } }))
        .count,
    /** A card that is not deleted. */
    card: (id: bigint) => db.vipCard.findFirst({ where: { id, deletedAt: null } }),
    /** A card, deleted or not (a paid order's delivery). */
    anyCard: (id: bigint) => db.vipCard.findUnique({ where: { id } }),
    /** The types of cards by id, deleted ones too (the orders that bought them show them). */
    async cardTypes(ids: readonly bigint[]) {
      const rows = await db.vipCard.findMany({ where: { id: { in: [...ids] } }, select: { id: true, type: true } });
      return new Map(rows.map((r) => [r.id, r.type]));
    },
    /** The first card of a type on sale (an administrator's grant to a new member takes its benefits). */
    cardOfType: (type: number) =>
      db.vipCard.findFirst({
        where: { type, deletedAt: null },
        orderBy: [{ enable: "desc" }, { sort: "desc" }, { id: "asc" }],
      }),
    /** The card a type sells: the first enabled one in the public list's order (settings.vip shows it too). */
    cardOnSale: (type: number) =>
      db.vipCard.findFirst({ where: { type, enable: true, deletedAt: null }, orderBy: CARD_ORDER }),
    async cards(f: CardFilter, skip: number, take: number) {
      const where = cardWhere(f);
      const [total, rows] = await Promise.all([
        db.vipCard.count({ where }),
        db.vipCard.findMany({ where, orderBy: CARD_ORDER, skip, take }),
      ]);
      return { total, rows };
    },

    member: (userId: bigint) => db.userVip.findUnique({ where: { userId } }),
    async members(f: MemberFilter, skip: number, take: number) {
      const where = memberWhere(f);
      const [total, rows] = await Promise.all([
        db.userVip.count({ where }),
        db.userVip.findMany({ where, orderBy: [{ expiredAt: "desc" }, { id: "desc" }], skip, take }),
      ]);
      return { total, rows };
    },

    /**
     * Extends a membership once: the member's row is locked (created lapsed first for a new member), the
     * order's earlier grant looked up after the lock (a replay racing its original finds it committed),
     * then the new end, the grant and the membership are written together. `granted` is false for a
     * replayed order: nothing changed and `member` is the membership as it is now.
     */
    async grant(g: Grant): Promise<{ member: UserVipRow; granted: boolean }> {
      try {
        return await db.$transaction(async (tx) => {
          await tx.$executeRaw`INSERT INTO user_vips (user_id, username, card_type, expired_at)
            VALUES (${g.userId}, ${g.username}, ${g.cardType}, now()) ON CONFLICT (user_id) DO NOTHING`;
          const [locked] = await tx.$queryRaw<{ id: bigint }[]>`
            SELECT id FROM user_vips WHERE user_id = ${g.userId} FOR UPDATE`;
          const current = await tx.userVip.findUniqueOrThrow({ where: { id: locked?.id ?? 0n } });
          if (g.orderId !== undefined) {
            const prior = await tx.vipGrant.findUnique({ where: { orderId: g.orderId } });
            if (prior) return { member: current, granted: false };
          }
          // A row created just now by the INSERT above has total_days 0: it counts as new (from now).
          const expiredAt = g.extend(current.totalDays > 0 ? current.expiredAt : null);
          const running = current.totalDays > 0 && current.expiredAt > g.now;
          await tx.vipGrant.create({
            data: {
              userId: g.userId,
              orderId: g.orderId ?? null,
              cardId: g.cardId,
              days: g.days,
              expiredAt,
              grantedBy: g.grantedBy,
              remark: g.remark,
            },
          });
          const member = await tx.userVip.update({
            where: { id: current.id },
            data: {
              username: g.username || current.username,
              cardType: g.cardType,
              expiredAt,
              totalDays: { increment: g.days },
              ...benefitsAfter(current, running, g.benefits),
              updatedAt: new Date(),
            },
          });
          return { member, granted: true };
        }, TX);
      } catch (err) {
        // The unique order_id holds even if the lock above were bypassed: the first delivery stands.
        if (!isUniqueViolation(err) || g.orderId === undefined) throw err;
        const prior = await db.vipGrant.findUnique({ where: { orderId: g.orderId } });
        const member = await db.userVip.findUnique({ where: { userId: g.userId } });
        if (!prior || !member) throw err;
        return { member, granted: false };
      }
    },
  };
}
export type VipRepository = ReturnType<typeof createVipRepository>;
