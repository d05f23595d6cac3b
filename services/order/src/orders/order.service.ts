// Orders as their owners and staff handle them: create (priced by the product line), read, status,
// close, lists, delete, and staff's system recharge. Paying and notifies: order.pay.ts.
import { randomInt } from "node:crypto";
import { type CallContext, DomainError, type Logger, paging, requireSignedIn } from "@wenku/kit";
import { OrderStatus, OrderType, PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import type { DocumentProducts, PaySettingsSource, UserDirectory } from "../ports.js";
import type { ProductLines } from "./lines.js";
import { bothFilters, eitherName, payMethodsOfPaymentTypes, statusFilter } from "./moredoc.names.js";
import { type OrderCore, orderMessages } from "./order.core.js";
import type { OrderFilter, OrderRepository, OrderRow, OrderSort } from "./order.repository.js";
import { checkRechargeQuantity } from "./recharge.line.js";

export interface OrderServiceDeps {
  repo: OrderRepository;
  lines: ProductLines;
  core: OrderCore;
  paySettings: Pick<PaySettingsSource, "orderConfig">;
  users: Pick<UserDirectory, "usernames">;
  documents: Pick<DocumentProducts, "uuids">;
  /** The types of VIP cards by id (deleted ones too): a BUY_VIP order shows its card's type as product_id. */
  vipCardTypes(ids: readonly bigint[]): Promise<Map<bigint, number>>;
  log?: Logger;
  clock: () => Date;
}

const SORTABLE = new Set(["id", "created_at", "amount", "pay_at", "status"]);
const camel = (f: string) => f.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const MAX_REMARK = 255;

/** Open (PENDING, unexpired) orders one user may hold at a time: each is a row and a payment link. */
export const MAX_OPEN_ORDERS = 20;

/** yyyyMMddHHmmss (UTC) + 8 random digits: 22 characters, unique by the index, not guessable in sequence. */
export function newOrderNo(now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  return `${stamp}${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
}

function parseDate(text: string | undefined): Date | undefined {
  if (!text) return undefined;
  const d = new Date(text);
  if (Number.isNaN(d.getTime())) throw new DomainError("invalid_argument", "时间格式不正确", undefined, "created_at");
  return d;
}

/**
 * An order as the API shows it: the row, the bought document's uuid (BUY_DOCUMENT; else "") and the
 * bought card's type (BUY_VIP; undefined otherwise or when unknown).
 */
export interface OrderView {
  row: OrderRow;
  productUuid: string;
  vipCardType?: number;
}

export interface OrderPage {
  total: number;
  rows: OrderRow[];
  names: Map<bigint, string>;
  uuids: Map<bigint, string>;
  /** BUY_VIP rows' card types by card id. */
  cardTypes: Map<bigint, number>;
}

export function createOrderService(deps: OrderServiceDeps) {
  const { repo, core } = deps;

  /** The bought documents' uuids, in one call (a failed lookup leaves them empty: clients fall back to the id). */
  async function uuidsOf(rows: readonly OrderRow[]): Promise<Map<bigint, string>> {
    const ids = rows.filter((r) => r.orderType === OrderType.BUY_DOCUMENT).map((r) => r.productId);
    if (!ids.length) return new Map();
    return deps.documents.uuids(ids).catch((err: unknown) => {
      deps.log?.warn({ err }, "orders: document uuids unavailable");
      return new Map<bigint, string>();
    });
  }

  /** The bought VIP cards' types (a failed lookup leaves them out: product_id stays the card id). */
  async function cardTypesOf(rows: readonly OrderRow[]): Promise<Map<bigint, number>> {
    const ids = rows.filter((r) => r.orderType === OrderType.BUY_VIP).map((r) => r.productId);
    if (!ids.length) return new Map();
    return deps.vipCardTypes(ids).catch((err: unknown) => {
      deps.log?.warn({ err }, "orders: VIP card types unavailable");
      return new Map<bigint, number>();
    });
  }

  async function view(row: OrderRow): Promise<OrderView> {
    const [uuids, types] = await Promise.all([uuidsOf([row]), cardTypesOf([row])]);
    return { row, productUuid: uuids.get(row.productId) ?? "", vipCardType: types.get(row.productId) };
  }

  /** A page of orders with their users' names (shown to staff; a failed lookup leaves them empty). */
  async function named(page: { total: number; rows: OrderRow[] }): Promise<OrderPage> {
    const [names, uuids, cardTypes] = await Promise.all([
      deps.users.usernames(page.rows.map((r) => r.userId)).catch((err: unknown) => {
        deps.log?.warn({ err }, "orders: usernames unavailable");
        return new Map<bigint, string>();
      }),
      uuidsOf(page.rows),
      cardTypesOf(page.rows),
    ]);
    return { ...page, names, uuids, cardTypes };
  }

  const emptyPage = (): OrderPage => ({ total: 0, rows: [], names: new Map(), uuids: new Map(), cardTypes: new Map() });

  async function insert(init: Omit<Parameters<OrderRepository["create"]>[0], "orderNo" | "expiredAt">) {
    const now = deps.clock();
    const { expireMinutes } = await deps.paySettings.orderConfig();
    const data = {
      ...init,
      orderNo: newOrderNo(now),
      expiredAt: new Date(now.getTime() + expireMinutes * 60_000),
      createdAt: now,
      updatedAt: now,
    };
    // An order left to pay counts against the user's open orders; staff's paid system recharge does not.
    if (init.status !== OrderStatus.PENDING) return repo.create(data);
    const row = await repo.createCapped(data, MAX_OPEN_ORDERS, now);
    if (!row) throw new DomainError("failed_precondition", orderMessages.tooManyOpen(MAX_OPEN_ORDERS));
    return row;
  }

  const service = {
    /** A PENDING order priced by its line; a free one (amount and credits 0) is paid and delivered at once. */
    async create(
      call: CallContext,
      req: { orderType: OrderType; quantity: number; productId: bigint; vipCardId?: bigint },
    ) {
      const who = requireSignedIn(call);
      const line = deps.lines.get(req.orderType);
      const q = await line.quote(who.userId, req.productId, req.quantity, { vipCardId: req.vipCardId });
      const row = await insert({
        userId: who.userId,
        orderType: req.orderType,
        productId: q.productId,
        productName: q.productName,
        quantity: q.quantity,
        price: q.price,
        amount: q.amount,
        discount: q.discount,
        creditAmount: q.creditAmount,
        status: OrderStatus.PENDING,
      });
      if (q.amount > 0 || q.creditAmount > 0) return row;
      const payAt = deps.clock();
      const won = await repo.markPaid(row.id, { payMethod: PayMethod.CREDIT, payAt, message: orderMessages.free });
      if (won === "duplicate") return row; // bought meanwhile by a concurrent order: this one stays PENDING
      const paid = (await repo.findById(row.id)) ?? row;
      await core.deliver(paid);
      return (await repo.findById(row.id)) ?? paid;
    },

    /** CreateOrder: the new order as the API shows it. */
    async place(
      call: CallContext,
      req: { orderType: OrderType; quantity: number; productId: bigint; vipCardId?: bigint },
    ) {
      return view(await service.create(call, req));
    },

    async get(call: CallContext, ref: { orderNo: string; id: bigint }): Promise<OrderView> {
      if (!ref.orderNo && ref.id <= 0n)
        throw new DomainError("invalid_argument", orderMessages.orderNo, undefined, "order_no");
      return view((await core.load(call, ref.orderNo ? { orderNo: ref.orderNo } : { id: ref.id })).row);
    },

    /** PENDING → CLOSED by its owner (or staff); closing a closed order is a no-op, a paid one is refused. */
    async close(call: CallContext, orderNo: string): Promise<void> {
      const { row } = await core.load(call, { orderNo });
      if (row.status === OrderStatus.CLOSED) return;
      if (row.status === OrderStatus.PAID || !(await repo.close(row.id, deps.clock(), orderMessages.closedByUser))) {
        const now = await repo.findById(row.id);
        if (now?.status === OrderStatus.CLOSED) return;
        throw new DomainError("failed_precondition", "订单已支付，不能关闭");
      }
    },

    /** Staff: every order, filtered (moredoc's order_status and payment_type too: every filter applies). */
    async list(req: {
      page: bigint;
      size: bigint;
      wd: string;
      field: readonly string[];
      order: string;
      status: readonly number[];
      orderType: readonly number[];
      payMethod: readonly number[];
      userId: readonly bigint[];
      createdAt: readonly string[];
      orderStatus: readonly number[];
      paymentType: readonly number[];
    }): Promise<OrderPage> {
      const { skip, take } = paging(req.page, req.size, { max: 100, fallback: 10 });
      const statuses = bothFilters(statusFilter(req.status), statusFilter(req.orderStatus));
      const payMethods = bothFilters(req.payMethod, payMethodsOfPaymentTypes(req.paymentType));
      const f: OrderFilter = {
        wd: req.wd.trim().slice(0, 64) || undefined,
        statuses: statuses ?? [],
        types: req.orderType,
        payMethods: payMethods ?? [],
        userIds: req.userId,
        from: parseDate(req.createdAt[0]),
        to: parseDate(req.createdAt[1]),
      };
      if (!statuses || !payMethods) return emptyPage();
      const [field, dir] = req.order.trim().split(/\s+/);
      const sort = (
        field && SORTABLE.has(field) ? { [camel(field)]: dir === "asc" ? "asc" : "desc" } : { id: "desc" }
      ) as OrderSort;
      await repo.closeExpired(deps.clock(), orderMessages.expired);
      return named(await repo.list(f, skip, take, sort));
    },

    /** The caller's own orders, newest first. */
    async listMine(
      call: CallContext,
      req: { page: bigint; size: bigint; status: readonly number[]; orderType: readonly number[] },
    ): Promise<OrderPage> {
      const who = requireSignedIn(call);
      const { skip, take } = paging(req.page, req.size, { max: 100, fallback: 10 });
      await repo.closeExpired(deps.clock(), orderMessages.expired);
      return named(
        await repo.list(
          { userIds: [who.userId], statuses: statusFilter(req.status), types: req.orderType },
          skip,
          take,
          {
            id: "desc",
          },
        ),
      );
    },

    /** Staff: hides orders (soft delete; paid orders keep their ledger entries and purchases). */
    async remove(ids: readonly bigint[]): Promise<void> {
      const wanted = [...new Set(ids)].filter((id) => id > 0n);
      if (!wanted.length) throw new DomainError("invalid_argument", "请选择要删除的订单", undefined, "id");
      await repo.softDelete(wanted, deps.clock());
    },

    /**
     * Staff credit a user: a PAID RECHARGE order (PAY_METHOD_SYSTEM_RECHARGE) and its ledger entry with the
     * remark as reason. The credits come as quantity or as moredoc's credit.
     */
    async systemRecharge(req: { userId: bigint; quantity: number; credit: number; remark: string }): Promise<OrderRow> {
      if (req.userId <= 0n) throw new DomainError("invalid_argument", "用户ID无效", undefined, "user_id");
      const quantity = eitherName({ name: "quantity", value: req.quantity }, { name: "credit", value: req.credit });
      checkRechargeQuantity(quantity, req.credit && !req.quantity ? "credit" : "quantity");
      const remark = req.remark.trim();
      if ([...remark].length > MAX_REMARK)
        throw new DomainError("invalid_argument", `备注不能超过 ${MAX_REMARK} 个字符`, undefined, "remark");
      const now = deps.clock();
      const row = await insert({
        userId: req.userId,
        orderType: OrderType.RECHARGE,
        productName: `系统充值 ${quantity}`,
        quantity,
        status: OrderStatus.PAID,
        payMethod: PayMethod.SYSTEM_RECHARGE,
        payAt: now,
        remark,
        message: "系统充值",
      });
      await core.deliver(row);
      // Booked once per order: a failed booking stays undelivered and the sweep books it later.
      return (await repo.findById(row.id)) ?? row;
    },
  };
  return service;
}
export type OrderService = ReturnType<typeof createOrderService>;
