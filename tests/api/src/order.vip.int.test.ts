// VIP on the real stack (both transports): UserVipAPI's cards (CRUD, validation, permission; the
// public list shows enabled cards only), an administrator's grant (GET /api/v1/user/vip, is_vip,
// GetVipState and the advertisements follow), lapsed memberships, and BUY_VIP orders: priced from the
// card row, refused while VIP is off, bought with credits. (One order delivered many times at once,
// and cards deleted after a sale, are order's own vip.repository.int.test.ts.)
import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { createClient } from "@connectrpc/connect";
import { headers } from "@wenku/kit";
import { OrderType } from "@wenku/proto/api/v1/enums_pb.js";
import { UserInternalAPI } from "@wenku/proto/api/v1/user_internal_pb.js";
import { type OrderDb, openOrderDb, openUserDb, type UserDb } from "./db.js";
import { staffUser } from "./staff.js";
import { eventually, loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let admin: string;
let orderDb: OrderDb;
let userDb: UserDb;
const DAY = 86_400_000;

const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);
const internal = () => ({ headers: { [headers.internal]: stack.internalToken } });
const vipState = (userId: number) =>
  createClient(UserInternalAPI, stack.transports.user).getVipState({ userId: BigInt(userId) }, internal());
const setVip = async (enable: boolean) => {
  const r = await call(
    "PUT",
    "/api/v1/config",
    { config: [{ category: "vip", name: "enable", value: String(enable) }] },
    admin,
  );
  expect(r.status).toBe(200);
};
type Card = { id: number; title: string; type?: number; price?: number; days?: number; enable?: boolean };
const card = {
  title: "测试卡",
  type: 2,
  price: 1000,
  credit_price: 50,
  days: 30,
  discount: 0.8,
  enable: true,
  sort: 5,
};
const createCard = async (body: Record<string, unknown> = {}) => {
  const r = await call("POST", "/api/v1/vip/card", { ...card, ...body }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as Card;
};
const titles = (r: { json: Record<string, unknown> }) => ((r.json.vip_card ?? []) as Card[]).map((c) => c.title);
const expiry = (v: { expired_at?: unknown }) => new Date(v.expired_at as string).getTime();

beforeAll(async () => {
  stack = await startTestStack();
  admin = await loginAdmin(stack.url);
  orderDb = openOrderDb(stack);
  userDb = openUserDb(stack);
});
afterAll(async () => {
  await orderDb.$disconnect();
  await userDb.$disconnect();
  await stack.stop();
});

test("the year, season and month cards are seeded from the former config defaults", async () => {
  const r = await call("GET", "/api/v1/vip/card/list");
  expect(r.status).toBe(200);
  expect(r.json.vip_card).toEqual([
    expect.objectContaining({ title: "年卡", price: 19900, days: 365, discount: 1 }),
    expect.objectContaining({ title: "季卡", type: 1, price: 5900, days: 90 }),
    expect.objectContaining({ title: "月卡", type: 2, price: 1990, days: 30 }),
  ]);
});

test("cards: created, read, updated and deleted by staff; invalid ones refused with the reason", async () => {
  const created = await createCard({ title: "  半月卡 ", days: 15 });
  expect(created).toMatchObject({ title: "半月卡", days: 15, price: 1000, credit_price: 50, discount: 0.8 });
  const got = await call("GET", `/api/v1/vip/card?id=${created.id}`, undefined, admin);
  expect(got.json).toMatchObject({ id: created.id, title: "半月卡", enable: true });

  const upd = await call("PUT", "/api/v1/vip/card", { ...card, id: created.id, title: "半月卡2", price: 0 }, admin);
  expect(upd.status).toBe(200);
  expect((await call("GET", `/api/v1/vip/card?id=${created.id}`, undefined, admin)).json).toMatchObject({
    title: "半月卡2",
  });

  for (const [body, message] of [
    [{ title: " " }, "请输入VIP卡名称"],
    [{ title: "长".repeat(65) }, "VIP卡名称不能超过64个字符"],
    [{ price: -1 }, "价格须是不小于0的整数（单位：分）"],
    [{ days: 0 }, "有效天数须在1到3660天之间"],
    [{ days: 3661 }, "有效天数须在1到3660天之间"],
    [{ discount: 0 }, "折扣须大于0且不超过1（1表示不打折）"],
    [{ discount: 1.5 }, "折扣须大于0且不超过1（1表示不打折）"],
    [{ type: 7 }, "参数 type 的值 7 无效，可选：0、1、2"], // no VipCardType: refused at the edge
  ] as const) {
    const r = await call("POST", "/api/v1/vip/card", { ...card, ...body }, admin);
    expect([r.status, r.json.message]).toEqual([400, message]);
  }
  const missing = await call("PUT", "/api/v1/vip/card", { ...card, id: 987654 }, admin);
  expect([missing.status, missing.json.message]).toEqual([404, "VIP卡不存在"]);

  expect((await call("DELETE", `/api/v1/vip/card?id=${created.id}`, undefined, admin)).status).toBe(200);
  const gone = await call("GET", `/api/v1/vip/card?id=${created.id}`, undefined, admin);
  expect([gone.status, gone.json.message]).toEqual([404, "VIP卡不存在"]);
  const none = await call("DELETE", "/api/v1/vip/card", undefined, admin);
  expect([none.status, none.json.message]).toEqual([400, "请选择要删除的VIP卡"]);
});

test("card writes need the permission; the public list shows enabled cards only, staff see all", async () => {
  const plain = await registerUser(stack.url, "vipplain");
  expect((await call("POST", "/api/v1/vip/card", card, plain.token)).status).toBe(403);
  expect((await call("POST", "/api/v1/vip/card", card)).status).toBe(401);
  expect((await call("GET", "/api/v1/uservip/list", undefined, plain.token)).status).toBe(403);

  const off = await createCard({ title: "停售卡", enable: false });
  const on = await createCard({ title: "在售卡", sort: 9999 });
  const visitor = await call("GET", "/api/v1/vip/card/list");
  expect(titles(visitor)).toContain("在售卡");
  expect(titles(visitor)).not.toContain("停售卡");
  expect(titles(await call("GET", "/api/v1/vip/card/list", undefined, plain.token))).not.toContain("停售卡");
  expect(titles(await call("GET", "/api/v1/vip/card/list?size=100", undefined, admin))).toEqual(
    expect.arrayContaining(["在售卡", "停售卡"]),
  );
  expect(titles(await call("GET", "/api/v1/vip/card/list?enable=false", undefined, admin))).toEqual(["停售卡"]);
  // a staff member holding only the list's permission sees the disabled card as well
  const lister = await staffUser(stack.url, admin, "viplister", ["/api.v1.UserVipAPI/ListVipCard"]);
  expect(titles(await call("GET", "/api/v1/vip/card/list?size=100", undefined, lister.token))).toContain("停售卡");
  for (const c of [off, on]) await call("DELETE", `/api/v1/vip/card?id=${c.id}`, undefined, admin);
});

test("an administrator's grant makes a user VIP: /user/vip, is_vip, GetVipState and no advertisements", async () => {
  const user = await registerUser(stack.url, "vipgranted");
  const never = await call("GET", "/api/v1/user/vip", undefined, user.token);
  expect([never.status, never.json.message]).toEqual([404, "您还不是VIP会员"]);
  expect((await call("GET", "/api/v1/user/vip")).status).toBe(401);

  const ad = await call(
    "POST",
    "/api/v1/advertisement",
    { position: "global_top", title: "广告", content: "广告", enable: true },
    admin,
  );
  expect(ad.status).toBe(200);
  const ads = async (token: string) =>
    ((await call("GET", "/api/v1/advertisement/position?position=global_top", undefined, token)).json.advertisement ??
      []) as unknown[];
  // (the config service keeps a VIP answer for 30 s, never a non-VIP one: see the purchase below)
  expect(await ads((await registerUser(stack.url, "vipnotgranted")).token)).toHaveLength(1);

  const before = Date.now();
  const g = await call("PUT", "/api/v1/uservip/grant", { user_id: user.id, days: 30, remark: "活动赠送" }, admin);
  expect([g.status, g.json.message]).toEqual([200, undefined]);
  expect(g.json).toMatchObject({ user_id: user.id, username: "vipgranted", total_days: 30, card_type: 2 });
  expect(expiry(g.json)).toBeGreaterThanOrEqual(before + 30 * DAY);
  expect(expiry(g.json)).toBeLessThan(Date.now() + 30 * DAY + 1000);

  const mine = await call("GET", "/api/v1/user/vip", undefined, user.token);
  expect(mine.json).toMatchObject({ user_id: user.id, total_days: 30 });
  expect((await call("GET", `/api/v1/user?id=${user.id}`)).json.is_vip).toBe(true);
  const state = await vipState(user.id);
  expect([state.isVip, state.expiredAt && timestampDate(state.expiredAt).getTime()]).toEqual([true, expiry(g.json)]);
  expect(await ads(user.token)).toEqual([]);

  // a second grant extends from the current end, not from now; who granted it is recorded
  const again = await call("PUT", "/api/v1/uservip/grant", { user_id: user.id, days: 10, remark: "" }, admin);
  expect(expiry(again.json)).toBe(expiry(g.json) + 10 * DAY);
  expect(again.json.total_days).toBe(40);
  const grants = await orderDb.vipGrant.findMany({ where: { userId: BigInt(user.id) }, orderBy: { id: "asc" } });
  expect(grants.map((x) => [x.days, x.remark, x.orderId, x.grantedBy > 0n])).toEqual([
    [30, "活动赠送", null, true],
    [10, "", null, true],
  ]);

  const listed = await call("GET", "/api/v1/uservip/list?wd=VIPGRANT", undefined, admin);
  expect(listed.json).toMatchObject({ total: 1, user_vip: [{ username: "vipgranted", total_days: 40 }] });
  await call("DELETE", `/api/v1/advertisement?id=${ad.json.id}`, undefined, admin);
});

test("a grant is refused without the permission, for an unknown user and for bad days", async () => {
  const user = await registerUser(stack.url, "vipnogrant");
  const self = await call("PUT", "/api/v1/uservip/grant", { user_id: user.id, days: 30 }, user.token);
  expect(self.status).toBe(403);
  for (const [body, status, message] of [
    [{ user_id: 987654, days: 30 }, 404, "用户不存在"],
    [{ user_id: user.id, days: 0 }, 400, "赠送天数须在1到3660天之间"],
    [{ user_id: user.id, days: 4000 }, 400, "赠送天数须在1到3660天之间"],
    [{ days: 3 }, 400, "请指定要赠送VIP的用户"],
  ] as const) {
    const r = await call("PUT", "/api/v1/uservip/grant", body, admin);
    expect([r.status, r.json.message]).toEqual([status, message]);
  }
  expect((await vipState(user.id)).isVip).toBe(false);
});

test("a lapsed membership shows its past end and is not VIP; the next grant counts from now", async () => {
  const user = await registerUser(stack.url, "viplapsed");
  await call("PUT", "/api/v1/uservip/grant", { user_id: user.id, days: 5 }, admin);
  const past = new Date(Date.now() - DAY);
  await orderDb.userVip.update({ where: { userId: BigInt(user.id) }, data: { expiredAt: past } });
  await userDb.user.update({ where: { id: BigInt(user.id) }, data: { vipExpiredAt: past } });

  const mine = await call("GET", "/api/v1/user/vip", undefined, user.token);
  expect([mine.status, expiry(mine.json)]).toEqual([200, past.getTime()]);
  expect((await call("GET", `/api/v1/user?id=${user.id}`)).json.is_vip).toBe(false);
  expect((await vipState(user.id)).isVip).toBe(false);

  const before = Date.now();
  const g = await call("PUT", "/api/v1/uservip/grant", { user_id: user.id, days: 1 }, admin);
  expect(expiry(g.json)).toBeGreaterThanOrEqual(before + DAY);
  expect((await vipState(user.id)).isVip).toBe(true);
});

test("BUY_VIP orders: priced from the card, refused while VIP is off or the card is not on sale", async () => {
  const c = await createCard({ title: "八折卡", price: 1999, discount: 0.8, credit_price: 120 });
  const buyer = await registerUser(stack.url, "vipquote");
  const order = (cardId: number, quantity?: number) =>
    call("POST", "/api/v1/order", { order_type: OrderType.BUY_VIP, vip_card_id: cardId, quantity }, buyer.token);
  const refusal = async (cardId: number, quantity?: number) => {
    const r = await order(cardId, quantity);
    return r.json.message as string;
  };
  await setVip(true);
  const made = await eventually(async () => {
    const r = await order(c.id, 1);
    expect([r.status, r.json.code]).toEqual([200, undefined]);
    return r.json;
  });
  expect(made).toMatchObject({
    order_type: OrderType.BUY_VIP,
    product_name: "VIP会员-八折卡",
    quantity: 1,
    price: 1999,
    amount: 1599,
    credit_amount: 120,
  });
  expect(await refusal(987654)).toBe("VIP卡不存在");
  expect(await refusal(c.id, 2)).toBe("VIP卡每次只能购买一张");
  await call("PUT", "/api/v1/vip/card", { ...card, id: c.id, enable: false }, admin);
  expect(await refusal(c.id)).toBe("该VIP卡已下架");
  // VIP switched off is said first (asked with the card off sale: an order made while the settings
  // reach the order service would be refused anyway, so no order piles up)
  await setVip(false);
  await eventually(async () => expect(await refusal(c.id)).toBe("本站暂未开启VIP会员"), 40_000);
});

test("SetUserVipExpiry never moves an end earlier unless forced; an unknown user is NotFound", async () => {
  const users = createClient(UserInternalAPI, stack.transports.user);
  const id = BigInt((await registerUser(stack.url, "vipsetter")).id);
  const later = new Date(Date.now() + 10 * DAY);
  const earlier = new Date(Date.now() + DAY);
  const set = (at: Date, force = false) =>
    users.setUserVipExpiry({ userId: id, expiredAt: timestampFromDate(at), force }, internal());
  const ms = (s: { expiredAt?: Parameters<typeof timestampDate>[0] }) =>
    s.expiredAt && timestampDate(s.expiredAt).getTime();
  expect(ms(await set(later))).toBe(later.getTime());
  expect(ms(await set(earlier))).toBe(later.getTime());
  const past = new Date(Date.now() - DAY);
  const revoked = await set(past, true);
  expect([revoked.isVip, ms(revoked)]).toEqual([false, past.getTime()]);
  await expect(
    users.setUserVipExpiry({ userId: 987654n, expiredAt: timestampFromDate(later) }, internal()),
  ).rejects.toThrow("用户不存在");
  await expect(users.setUserVipExpiry({ userId: id }, internal())).rejects.toThrow("请指定VIP到期时间");
  await expect(users.setUserVipExpiry({ userId: id, expiredAt: timestampFromDate(later) })).rejects.toThrow();
});

test("buying VIP with credits: CreateOrder BUY_VIP, PayOrder with credits → VIP, no ads, /user/vip/order lists it", async () => {
  await setVip(true);
  const c = await createCard({ title: "积分月卡", price: 1500, discount: 0.8, credit_price: 40, days: 30 });
  const buyer = await registerUser(stack.url, "vipcredits");
  const recharge = await call(
    "POST",
    "/api/v1/order/system/recharge",
    { user_id: buyer.id, quantity: 100, remark: "测试" },
    admin,
  );
  expect(recharge.status).toBe(200);

  const order = await eventually(async () => {
    const r = await call("POST", "/api/v1/order", { order_type: 2, vip_card_id: c.id }, buyer.token);
    expect([r.status, r.json.code]).toEqual([200, undefined]);
    return r.json;
  });
  // product_id: the card's type (month), as moredoc clients read it; vip_card_id: the card
  expect(order).toMatchObject({ order_type: 2, product_id: 2, vip_card_id: c.id, price: 1500, amount: 1200 });
  expect(order.credit_amount).toBe(40);
  const credits = (await call("GET", `/api/v1/user?id=${buyer.id}`, undefined, buyer.token)).json
    .credit_count as number;
  expect(credits).toBeGreaterThanOrEqual(100);
  // Before paying the buyer sees the ad (the config service has just asked: not VIP)
  const ad = await call(
    "POST",
    "/api/v1/advertisement",
    { position: "global_top", title: "买前", content: "买前", enable: true },
    admin,
  );
  const ads = async () =>
    (await call("GET", "/api/v1/advertisement/position?position=global_top", undefined, buyer.token)).json
      .advertisement ?? [];
  expect(await ads()).toHaveLength(1);
  const before = Date.now();
  const paid = await call("POST", "/api/v1/order/pay", { order_no: order.order_no, pay_method: 5 }, buyer.token);
  expect([paid.status, paid.json.code, paid.json.status]).toEqual([200, undefined, 2]);

  const mine = await eventually(async () => {
    const r = await call("GET", "/api/v1/user/vip", undefined, buyer.token);
    expect(r.status).toBe(200);
    return r.json;
  });
  expect(mine).toMatchObject({ total_days: 30, card_type: 2 });
  expect(expiry(mine)).toBeGreaterThanOrEqual(before + 30 * DAY);
  expect((await vipState(buyer.id)).isVip).toBe(true);
  // …and right after the delivery none (the earlier non-VIP answer was not kept)
  expect(await ads()).toEqual([]);
  const profile = (await call("GET", `/api/v1/user?id=${buyer.id}`, undefined, buyer.token)).json;
  expect([profile.is_vip, profile.credit_count]).toEqual([true, credits - 40]);
  await call("DELETE", `/api/v1/advertisement?id=${ad.json.id}`, undefined, admin);

  // paying again changes nothing; the VIP order list shows the one BUY_VIP order, not the recharge
  await call("POST", "/api/v1/order/pay", { order_no: order.order_no, pay_method: 5 }, buyer.token);
  expect((await call("GET", "/api/v1/user/vip", undefined, buyer.token)).json.total_days).toBe(30);
  const orders = await call("GET", "/api/v1/user/vip/order", undefined, buyer.token);
  expect(orders.json).toMatchObject({ total: 1, order: [{ order_no: order.order_no, order_type: 2, status: 2 }] });
  expect((await call("GET", "/api/v1/user/vip/order")).status).toBe(401);

  // VIP switched off: a new order is refused with the message
  await setVip(false);
  await eventually(async () => {
    const r = await call("POST", "/api/v1/order", { order_type: 2, vip_card_id: c.id }, buyer.token);
    expect([r.status, r.json.message]).toEqual([400, "本站暂未开启VIP会员"]);
  }, 40_000);
});
