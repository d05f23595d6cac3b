// The only module that touches the orders table. Every status change is a conditional update
// (WHERE status = PENDING): of concurrent pays, closes and notifies exactly one wins.
import { isUniqueViolation } from "@wenku/kit";
import { OrderStatus } from "@wenku/proto/api/v1/enums_pb.js";
import type { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";

export type OrderRow = Prisma.OrderGetPayload<object>;
export type NewOrder = Prisma.OrderUncheckedCreateInput;
export type OrderSort = Prisma.OrderOrderByWithRelationInput;

export interface OrderFilter {
  userIds?: readonly bigint[];
  statuses?: readonly number[];
  types?: readonly number[];
  payMethods?: readonly number[];
  /** order_no or product name contains */
  wd?: string;
  from?: Date;
  to?: Date;
}

export type PaidOutcome = "paid" | "lost" | "duplicate";

const PENDING = OrderStatus.PENDING;

function where(f: OrderFilter): Prisma.OrderWhereInput {
  const w: Prisma.OrderWhereInput = { deletedAt: null };
  if (f.userIds?.length) w.userId = { in: [...f.userIds] };
  if (f.statuses?.length) w.status = { in: [...f.statuses] };
  if (f.types?.length) w.orderType = { in: [...f.types] };
  if (f.payMethods?.length) w.payMethod = { in: [...f.payMethods] };
  if (f.wd) w.OR = [{ orderNo: { contains: f.wd } }, { productName: { contains: f.wd, mode: "insensitive" } }];
  if (f.from || f.to) w.createdAt = { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lte: f.to } : {}) };
  return w;
}

export function createOrderRepository(db: Db) {
  return {
    create: (data: NewOrder): Promise<OrderRow> => db.order.create({ data }),

    /**
     * A new PENDING order unless its user already has `cap` open ones (PENDING, not deleted, not yet
     * expired): null then. The user's open orders are counted and the row written under a per-user
     * transaction lock, so concurrent creations cannot pass the cap together.
     */
    createCapped: (data: NewOrder, cap: number, now: Date): Promise<OrderRow | null> =>
      db.$transaction(async (tx) => {
        const userId = BigInt(data.userId);
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`orders.open:${userId}`}, 0))`;
        const open = await tx.order.count({
          where: { userId, status: PENDING, deletedAt: null, expiredAt: { gt: now } },
        });
        return open >= cap ? null : tx.order.create({ data });
      }),

    /** Including deleted rows when `withDeleted` (notifies still settle a deleted order's payment). */
    findByNo: (orderNo: string, withDeleted = false) =>
      db.order.findFirst({ where: { orderNo, ...(withDeleted ? {} : { deletedAt: null }) } }),
    findById: (id: bigint) => db.order.findFirst({ where: { id, deletedAt: null } }),

    /**
     * PENDING → PAID. "lost": the order was not PENDING any more; "duplicate": a unique key refused
     * it (the user already bought this document, or the trade number pays another order).
     */
    async markPaid(
      id: bigint,
      paid: { payMethod: number; tradeNo?: string; payAt: Date; message: string },
    ): Promise<PaidOutcome> {
      try {
        const { count } = await db.order.updateMany({
          where: { id, status: PENDING },
          data: {
            status: OrderStatus.PAID,
            payMethod: paid.payMethod,
            tradeNo: paid.tradeNo ?? null,
            payAt: paid.payAt,
            message: paid.message,
            updatedAt: paid.payAt,
          },
        });
        return count === 1 ? "paid" : "lost";
      } catch (err) {
        if (isUniqueViolation(err)) return "duplicate";
        throw err;
      }
    },

    /** PENDING → CLOSED; false when it was not PENDING. */
    async close(id: bigint, at: Date, message: string): Promise<boolean> {
      const { count } = await db.order.updateMany({
        where: { id, status: PENDING },
        data: { status: OrderStatus.CLOSED, closedAt: at, message, updatedAt: at },
      });
      return count === 1;
    },

    /** Closes every PENDING order whose time ran out, in one statement. */
    async closeExpired(now: Date, message: string): Promise<number> {
      const { count } = await db.order.updateMany({
        where: { status: PENDING, expiredAt: { lte: now } },
        data: { status: OrderStatus.CLOSED, closedAt: now, message, updatedAt: now },
      });
      return count;
    },

    /** A PENDING order's chosen method (the notify must come from it). */
    async choose(id: bigint, payMethod: number): Promise<void> {
      await db.order.updateMany({ where: { id, status: PENDING }, data: { payMethod, updatedAt: new Date() } });
    },

    async markDelivered(id: bigint, at: Date): Promise<void> {
      await db.order.updateMany({
        where: { id, status: OrderStatus.PAID, deliveredAt: null },
        data: { deliveredAt: at },
      });
    },

    async setMessage(id: bigint, message: string): Promise<void> {
      await db.order.update({ where: { id }, data: { message: message.slice(0, 255) } });
    },

    /** PAID orders not delivered yet, oldest first. */
    undelivered: (take: number) =>
      db.order.findMany({ where: { status: OrderStatus.PAID, deliveredAt: null }, orderBy: { id: "asc" }, take }),

    async list(f: OrderFilter, skip: number, take: number, orderBy: OrderSort) {
      const w = where(f);
      const [total, rows] = await db.$transaction([
        db.order.count({ where: w }),
        db.order.findMany({ where: w, orderBy: [orderBy, { id: "desc" }], skip, take }),
      ]);
      return { total, rows };
    },

    async softDelete(ids: readonly bigint[], at: Date): Promise<number> {
      const { count } = await db.order.updateMany({
        where: { id: { in: [...ids] }, deletedAt: null },
        data: { deletedAt: at, updatedAt: at },
      });
      return count;
    },
  };
}
export type OrderRepository = ReturnType<typeof createOrderRepository>;
