// The orders table's SQL on a real PostgreSQL: of concurrent pays and closes exactly one wins, the open
// orders cap holds against concurrent creations, a trade number pays one order only, the sweep closes
// only what expired, and lists filter, search and page without deleted rows. Download rights
// (purchase.repository.ts) on the same table: windows, single use under concurrency, claims.
import { randomBytes } from "node:crypto";
import { OrderStatus, OrderType, PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import { useTestDatabase } from "../../../../jest/db.js";
import { createDb } from "../db.js";
import { createOrderRepository, type NewOrder } from "./order.repository.js";
import { createPurchaseRepository } from "./purchase.repository.js";

const db = useTestDatabase(createDb);
const repo = () => createOrderRepository(db());
const purchases = () => createPurchaseRepository(db());

const NOW = new Date("2026-03-01T08:00:00Z");
const MINUTE = 60_000;
const DAY = 86_400_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

let users = 0n;
const newUser = () => ++users;
const order = (userId: bigint, over: Partial<NewOrder> = {}): NewOrder => ({
  orderNo: randomBytes(8).toString("hex"),
  userId,
  orderType: OrderType.RECHARGE,
  productName: "积分充值",
  amount: 100,
  expiredAt: at(30 * MINUTE),
  createdAt: NOW,
  ...over,
});
const paid = (over: Partial<{ tradeNo: string; payAt: Date }> = {}) => ({
  payMethod: PayMethod.ALIPAY,
  payAt: NOW,
  message: "",
  ...over,
});
const statusOf = async (id: bigint) => (await db().order.findUniqueOrThrow({ where: { id } })).status;

describe("status changes", () => {
  test("of a pay and a close racing for one PENDING order exactly one wins", async () => {
    for (let i = 0; i < 5; i++) {
      const o = await repo().create(order(newUser()));
      const [pay, close] = await Promise.all([repo().markPaid(o.id, paid()), repo().close(o.id, NOW, "超时")]);
      expect([pay === "paid", close].filter(Boolean)).toHaveLength(1);
      expect(await statusOf(o.id)).toBe(pay === "paid" ? OrderStatus.PAID : OrderStatus.CLOSED);
    }
  });

  test("concurrent notifies pay once; later ones are lost, a closed order stays closed", async () => {
    const o = await repo().create(order(newUser()));
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => repo().markPaid(o.id, paid({ tradeNo: "T1" }))));
    expect(outcomes.filter((x) => x === "paid")).toHaveLength(1);
    expect(outcomes.filter((x) => x === "lost")).toHaveLength(7);
    expect(await repo().close(o.id, NOW, "")).toBe(false);

    const closed = await repo().create(order(newUser()));
    expect(await repo().close(closed.id, NOW, "用户取消")).toBe(true);
    expect(await repo().markPaid(closed.id, paid())).toBe("lost");
    expect(await db().order.findUniqueOrThrow({ where: { id: closed.id } })).toMatchObject({
      status: OrderStatus.CLOSED,
      closedAt: NOW,
      payAt: null,
      message: "用户取消",
    });
  });

  test("a trade number of one method pays one order only: another is a duplicate and stays PENDING", async () => {
    const a = await repo().create(order(newUser()));
    const b = await repo().create(order(newUser()));
    const c = await repo().create(order(newUser()));
    expect(await repo().markPaid(a.id, paid({ tradeNo: "2026TRADE" }))).toBe("paid");
    expect(await repo().markPaid(b.id, paid({ tradeNo: "2026TRADE" }))).toBe("duplicate");
    expect(await statusOf(b.id)).toBe(OrderStatus.PENDING);
    // the same number from another platform is another payment
    expect(await repo().markPaid(c.id, { ...paid({ tradeNo: "2026TRADE" }), payMethod: PayMethod.WECHAT })).toBe(
      "paid",
    );
  });

  test("closeExpired closes PENDING orders whose time ran out, nothing else", async () => {
    const u = newUser();
    const expired = await repo().create(order(u, { expiredAt: at(-MINUTE) }));
    const onTheDot = await repo().create(order(u, { expiredAt: NOW }));
    const running = await repo().create(order(u, { expiredAt: at(MINUTE) }));
    const paidOne = await repo().create(order(u, { expiredAt: at(-MINUTE) }));
    await repo().markPaid(paidOne.id, paid());
    const before = await db().order.count({ where: { status: OrderStatus.PENDING, expiredAt: { lte: NOW } } });
    expect(await repo().closeExpired(NOW, "订单超时")).toBe(before);
    expect(
      await Promise.all([expired, onTheDot, running, paidOne].map(async (o) => [o.id, await statusOf(o.id)])),
    ).toEqual([
      [expired.id, OrderStatus.CLOSED],
      [onTheDot.id, OrderStatus.CLOSED],
      [running.id, OrderStatus.PENDING],
      [paidOne.id, OrderStatus.PAID],
    ]);
    expect(await repo().closeExpired(NOW, "订单超时")).toBe(0);
  });

  test("delivery: only a PAID order is marked, once; undelivered lists the PAID ones oldest first", async () => {
    const u = newUser();
    const [first, second, pending] = [
      await repo().create(order(u)),
      await repo().create(order(u)),
      await repo().create(order(u)),
    ];
    await repo().markPaid(second.id, paid());
    await repo().markPaid(first.id, paid());
    const mine = async () => (await repo().undelivered(1000)).filter((o) => o.userId === u).map((o) => o.id);
    expect(await mine()).toEqual([first.id, second.id]);
    await repo().markDelivered(first.id, NOW);
    await repo().markDelivered(first.id, at(DAY)); // the first delivery's time stays
    await repo().markDelivered(pending.id, NOW); // not paid: nothing to deliver
    expect(await mine()).toEqual([second.id]);
    expect((await db().order.findUniqueOrThrow({ where: { id: first.id } })).deliveredAt).toEqual(NOW);
    expect((await db().order.findUniqueOrThrow({ where: { id: pending.id } })).deliveredAt).toBeNull();
  });
});

test("createCapped: concurrent creations never pass the cap; closed, deleted and expired ones do not count", async () => {
  const u = newUser();
  const made = await Promise.all(Array.from({ length: 10 }, () => repo().createCapped(order(u), 3, NOW)));
  expect(made.filter((o) => o !== null)).toHaveLength(3);
  const [a, b, c] = made.filter((o) => o !== null);
  if (!a || !b || !c) throw new Error("three orders expected");
  await repo().close(a.id, NOW, "");
  await repo().softDelete([b.id], NOW);
  await db().order.update({ where: { id: c.id }, data: { expiredAt: at(-1) } });
  const again = await Promise.all(Array.from({ length: 5 }, () => repo().createCapped(order(u), 3, NOW)));
  expect(again.filter((o) => o !== null)).toHaveLength(3);
  expect(await repo().createCapped(order(newUser()), 3, NOW)).not.toBeNull(); // another user's cap is theirs
});

test("a deleted order is gone from reads and lists, but a notify still finds it by number", async () => {
  const o = await repo().create(order(newUser()));
  expect(await repo().softDelete([o.id, 987654321n], NOW)).toBe(1);
  expect(await repo().softDelete([o.id], at(MINUTE))).toBe(0);
  expect(await repo().findById(o.id)).toBeNull();
  expect(await repo().findByNo(o.orderNo)).toBeNull();
  expect((await repo().findByNo(o.orderNo, true))?.id).toBe(o.id);
  expect((await repo().list({ userIds: [o.userId] }, 0, 10, { id: "desc" })).total).toBe(0);
});

test("list: filters combine, the search matches order numbers and product names, pages are stable", async () => {
  const u = newUser();
  const other = newUser();
  const make = (userId: bigint, over: Partial<NewOrder>) => repo().create(order(userId, over));
  const doc = (await make(u, { productName: "Alpha 文档", orderType: OrderType.BUY_DOCUMENT, createdAt: at(-2 * DAY) }))
    .id;
  const vip = (await make(u, { productName: "beta 会员", orderType: OrderType.BUY_VIP, createdAt: at(-DAY) })).id;
  const recharge = (await make(u, { productName: "ALPHA 充值", createdAt: NOW })).id;
  const gamma = (await make(u, { productName: "gamma", createdAt: NOW, orderNo: "NOSEARCH12345" })).id;
  await make(other, { productName: "alpha of another" });
  await repo().markPaid(vip, paid());
  await repo().markPaid(recharge, { ...paid(), payMethod: PayMethod.WECHAT });
  const ids = async (f: Parameters<ReturnType<typeof repo>["list"]>[0], skip = 0, take = 10) =>
    (await repo().list({ userIds: [u], ...f }, skip, take, { createdAt: "desc" })).rows.map((r) => r.id);

  expect(await ids({})).toEqual([gamma, recharge, vip, doc]);
  expect(await ids({ wd: "alpha" })).toEqual([recharge, doc]); // any case
  expect(await ids({ wd: "SEARCH123" })).toEqual([gamma]);
  expect(await ids({ statuses: [OrderStatus.PAID] })).toEqual([recharge, vip]);
  expect(await ids({ statuses: [OrderStatus.PAID], payMethods: [PayMethod.WECHAT] })).toEqual([recharge]);
  expect(await ids({ types: [OrderType.BUY_DOCUMENT, OrderType.BUY_VIP] })).toEqual([vip, doc]);
  expect(await ids({ from: at(-DAY), to: at(-DAY) })).toEqual([vip]); // both ends included
  expect(await ids({ from: at(-DAY + 1) })).toEqual([gamma, recharge]);
  // equal created_at: the id breaks the tie, so pages neither repeat nor skip a row
  expect([...(await ids({}, 0, 1)), ...(await ids({}, 1, 1)), ...(await ids({}, 2, 2))]).toEqual(await ids({}));
  const listed = await repo().list({ userIds: [u], wd: "alpha" }, 1, 1, { createdAt: "desc" });
  expect([listed.total, listed.rows.map((r) => r.id)]).toEqual([2, [doc]]);
  expect((await repo().list({ userIds: [u, other], wd: "alpha" }, 0, 10, { id: "asc" })).total).toBe(3);
});

describe("document purchases (purchase.repository.ts)", () => {
  const DOC = 77n;
  async function bought(userId: bigint, over: Partial<NewOrder> = {}, payAt = NOW) {
    const o = await repo().create(
      order(userId, { orderType: OrderType.BUY_DOCUMENT, productId: DOC, creditAmount: 5, amount: 0, ...over }),
    );
    expect(await repo().markPaid(o.id, paid({ payAt }))).toBe("paid");
    return o;
  }

  test("with a window a purchase entitles until it ends; free and unpaid orders never entitle", async () => {
    const u = newUser();
    await bought(u, {}, at(-3 * DAY));
    expect(await purchases().entitled(u, DOC, 3, NOW)).toBe(true); // the window's first moment included
    expect(await purchases().entitled(u, DOC, 2, NOW)).toBe(false);
    expect(await purchases().entitled(u, DOC + 1n, 3, NOW)).toBe(false);
    expect(await purchases().use(u, DOC, 3, NOW)).not.toBeNull();
    expect(await purchases().entitled(u, DOC, 3, NOW)).toBe(true); // a window is not used up

    const free = newUser();
    await bought(free, { creditAmount: 0, amount: 0 });
    await repo().create(order(free, { orderType: OrderType.BUY_DOCUMENT, productId: DOC, creditAmount: 5 }));
    expect(await purchases().entitled(free, DOC, 3, NOW)).toBe(false);
    expect(await purchases().use(free, DOC, 0, NOW)).toBeNull();
  });

  test("without a window each purchase serves one download, oldest first, also under concurrency", async () => {
    const u = newUser();
    const older = await bought(u, { amount: 300, creditAmount: 0 }); // paid with money: entitles too
    const newer = await bought(u);
    const used = await Promise.all(Array.from({ length: 6 }, () => purchases().use(u, DOC, 0, NOW)));
    expect(used.filter((n) => n !== null).sort()).toEqual([older.orderNo, newer.orderNo].sort());
    expect(await purchases().entitled(u, DOC, 0, NOW)).toBe(false);

    const again = await bought(u);
    await purchases().markUsed(again.id, NOW);
    await purchases().markUsed(again.id, at(DAY)); // the first use's time stays
    expect((await db().order.findUniqueOrThrow({ where: { id: again.id } })).usedAt).toEqual(NOW);
  });

  test("a claim is held by one charge at a time until released or stale", async () => {
    const u = newUser();
    const claims = await Promise.all(Array.from({ length: 5 }, () => purchases().claim(u, DOC, NOW)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await purchases().claim(u, DOC + 1n, NOW)).toBe(true); // another document: its own claim
    expect(await purchases().claim(u, DOC, at(MINUTE))).toBe(false); // exactly 60 s: not stale yet
    expect(await purchases().claim(u, DOC, at(MINUTE + 1))).toBe(true); // taken over
    await purchases().release(u, DOC);
    expect(await purchases().claim(u, DOC, at(MINUTE + 2))).toBe(true);
  });
});
