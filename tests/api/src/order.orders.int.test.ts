// Orders on the real stack (both transports): recharge orders priced from the recharge settings and
// refused with 400 for bad quantities; paying through the sandbox provider via the real
// POST /callback/sandbox gateway route (a replay changes nothing, a tampered amount or sign is
// refused); buying a priced document with credits (50 concurrent pays → one spend; the uploader
// earns the price); close, expiry (lazy and by the list), lists, ownership, system recharge.
import { createHash } from "node:crypto";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { headers } from "@wenku/kit";
import { OrderInternalAPI } from "@wenku/proto/api/v1/order_internal_pb.js";
import { type ContentDb, type OrderDb, openContentDb, openOrderDb } from "./db.js";
import { eventually, loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let admin: string;
let orderDb: OrderDb;
let contentDb: ContentDb;
let ledger: ReturnType<typeof createClient<typeof OrderInternalAPI>>;
const internal = () => ({ headers: { [headers.internal]: stack.internalToken } });
const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);
type User = { token: string; id: number };
type Order = Record<string, unknown> & { order_no: string; status?: number; amount?: number };

const setConfig = async (category: string, name: string, value: string) => {
  const r = await call("PUT", "/api/v1/config", { config: [{ category, name, value }] }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
};
const balance = async (userId: number) =>
  (await ledger.getCreditBalances({ userId: [BigInt(userId)] }, internal())).balance[0]?.balance ?? 0;
const grant = (userId: number, amount: number) =>
  ledger.applyCredits(
    {
      userId: BigInt(userId),
      amount,
      code: "system_recharge",
      reason: "测试",
      refKind: "",
      refId: 0n,
      idempotencyKey: `t:${userId}:${Math.random()}`,
    },
    internal(),
  );
const recharge = (user: User, quantity: unknown) =>
  call("POST", "/api/v1/order", { order_type: 3, quantity }, user.token);
const getOrder = (no: string, token: string) => call("GET", `/api/v1/order?order_no=${no}`, undefined, token);
const pay = (no: string, payMethod: number, token: string) =>
  call("POST", "/api/v1/order/pay", { order_no: no, pay_method: payMethod }, token);
const notify = (body: unknown) =>
  fetch(`${stack.url}/callback/sandbox`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, json: (await r.json()) as { code: string } }));

let seq = 0;
/** A published document of `owner` priced `price` credits (attachment written directly, status set converted). */
async function pricedDocument(owner: User, price: number): Promise<number> {
  seq++;
  const hash = createHash("md5").update(`orders-${seq}-${Date.now()}`).digest("hex");
  const a = await contentDb.attachment.create({
    data: {
      hash,
      name: "f.pdf",
      ext: ".pdf",
      size: 1000n,
      type: 2,
      userId: BigInt(owner.id),
      storageKey: `documents/${hash}.pdf`,
    },
  });
  await contentDb.attachmentGrant.create({ data: { attachmentId: a.id, userId: BigInt(owner.id) } });
  const r = await call(
    "POST",
    "/api/v1/document",
    { category_id: [category], price, document: [{ title: `售卖文档${seq}`, attachment_id: Number(a.id) }] },
    owner.token,
  );
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  const doc = await contentDb.document.findFirst({ where: { userId: BigInt(owner.id) }, orderBy: { id: "desc" } });
  await contentDb.document.update({ where: { id: doc?.id }, data: { status: 2, pages: 1, price } });
  return Number(doc?.id);
}

let category = 0;
beforeAll(async () => {
  stack = await startTestStack();
  admin = await loginAdmin(stack.url);
  orderDb = openOrderDb(stack);
  contentDb = openContentDb(stack);
  ledger = createClient(OrderInternalAPI, stack.transports.order);
  await setConfig("score", "register", "0");
  // Balances here are the sales and spends alone: no upload reward (content.rewards tests it).
  await setConfig("score", "upload_document", "0");
  await setConfig("score", "enable_recharge", "true");
  await setConfig("score", "credit_exchange", "100");
  await setConfig("score", "recharge_discount", "1000:0.9\n5000:0.8");
  await setConfig("sandboxpay", "enable", "true");
  const c = await call("POST", "/api/v1/category", { title: "订单测试", enable: true }, admin);
  expect(c.status).toBe(200);
  category = Number((await contentDb.category.findFirst({ where: { title: "订单测试" } }))?.id);
}, 60_000);
afterAll(async () => {
  await orderDb.$disconnect();
  await contentDb.$disconnect();
  await stack.stop();
});

test("a recharge order is priced by the server: credits / exchange × 100 × the tier discount", async () => {
  const u = await registerUser(stack.url, "orderbuyer1");
  const small = await recharge(u, 500);
  expect(small.status).toBe(200);
  expect(small.json).toMatchObject({
    order_type: 3,
    quantity: 500,
    amount: 500,
    discount: 1,
    status: 1,
    user_id: u.id,
  });
  expect(small.json.order_no).toMatch(/^\d{22}$/);
  const tier = await recharge(u, 1500);
  expect(tier.json).toMatchObject({ amount: 1350, discount: 0.9 });
  const best = await recharge(u, 6000);
  expect(best.json).toMatchObject({ amount: 4800, discount: 0.8 });
  const again = await getOrder(tier.json.order_no as string, u.token);
  expect(again.json).toMatchObject({ order_no: tier.json.order_no, amount: 1350, status: 1 });
  expect(Date.parse(again.json.expired_at as string) - Date.parse(again.json.created_at as string)).toBe(30 * 60_000);
  const shorthand = await call("POST", "/api/v1/order/recharge", { quantity: 100 }, u.token);
  expect(shorthand.json).toMatchObject({ order_type: 3, quantity: 100, amount: 100 });
});

test("recharge quantities negative, zero, fractional, non-numeric, above the maximum or off the credit_exchange step → 400", async () => {
  const u = await registerUser(stack.url, "orderbad");
  for (const q of [-100, 0, 1_000_001]) {
    const r = await recharge(u, q);
    expect([q, r.status, r.json.message]).toEqual([q, 400, "充值数量须为 1 到 1000000 之间的整数"]);
  }
  // spec §5: the custom amount steps by credit_exchange (100 here)
  for (const q of [1, 150, 1001]) {
    const r = await recharge(u, q);
    expect([q, r.status, r.json.message]).toEqual([q, 400, "充值数量须为 100 的整数倍"]);
  }
  // not an integer: refused where the request is decoded
  for (const q of [1.5, "abc", "12x", true]) expect([q, (await recharge(u, q)).status]).toEqual([q, 400]);
  expect((await call("POST", "/api/v1/order", { order_type: 0 }, u.token)).status).toBe(400);
  expect(await orderDb.order.count({ where: { userId: BigInt(u.id) } })).toBe(0);
  expect((await call("POST", "/api/v1/order", { order_type: 3, quantity: 10 })).status).toBe(401);
});

test("sandbox: pay link, the real /callback/sandbox route pays once; replays and tampering change nothing", async () => {
  const settings = await call("GET", "/api/v1/settings");
  expect((settings.json.payment as { pay_method: number[] }).pay_method).toEqual([11]);
  const u = await registerUser(stack.url, "sandboxer");
  const o = (await recharge(u, 1000)).json as Order;
  const started = await pay(o.order_no, 11, u.token);
  expect([started.status, started.json.status, started.json.pay_method]).toEqual([200, 1, 11]);
  const link = new URL(started.json.payment_url as string, "http://x");
  expect(link.pathname).toBe("/pay/sandbox");
  expect([link.searchParams.get("order_no"), link.searchParams.get("amount")]).toEqual([o.order_no, "900"]);
  const sign = link.searchParams.get("sign") as string;

  // tampered amount, tampered sign, unknown order: FAIL, nothing changes
  expect((await notify({ order_no: o.order_no, amount: 1, sign })).json).toEqual({ code: "FAIL" });
  expect((await notify({ order_no: o.order_no, amount: 900, sign: `${sign.slice(0, -2)}AA` })).json).toEqual({
    code: "FAIL",
  });
  expect((await notify({ order_no: "1", amount: 900, sign })).json).toEqual({ code: "FAIL" });
  expect((await notify("not json")).json).toEqual({ code: "FAIL" });
  expect((await getOrder(o.order_no, u.token)).json.status).toBe(1);
  expect(await balance(u.id)).toBe(0);

  const ok = await notify({ order_no: o.order_no, amount: 900, sign, trade_no: "T1" });
  expect([ok.status, ok.json]).toEqual([200, { code: "SUCCESS" }]);
  const paid = await getOrder(o.order_no, u.token);
  expect(paid.json).toMatchObject({ status: 2, pay_method: 11, trade_no: "T1" });
  expect(await balance(u.id)).toBe(1000);
  // the replay answers SUCCESS and changes nothing
  expect((await notify({ order_no: o.order_no, amount: 900, sign, trade_no: "T1" })).json).toEqual({ code: "SUCCESS" });
  expect(await balance(u.id)).toBe(1000);
  const status = await call("GET", `/api/v1/order/status?order_no=${o.order_no}`, undefined, u.token);
  expect(status.json).toMatchObject({ order_no: o.order_no, status: 2 });
  const log = await call("GET", "/api/v1/user/credit/log", undefined, u.token);
  expect((log.json.credit_log as Array<{ ref_type: string; amount: number }>)[0]).toMatchObject({
    ref_type: "recharge",
    amount: 1000,
  });
  // paying a paid order answers PAID, closing it is refused
  expect((await pay(o.order_no, 11, u.token)).json.status).toBe(2);
  expect((await call("PUT", "/api/v1/order/close", { order_no: o.order_no }, u.token)).status).toBe(400);
  // the callback route: POST only, bounded body, unknown providers 404
  expect((await fetch(`${stack.url}/callback/sandbox`)).status).toBe(405);
  const big = await fetch(`${stack.url}/callback/sandbox`, { method: "POST", body: "x".repeat(70 * 1024) });
  expect(big.status).toBe(413);
  expect((await fetch(`${stack.url}/callback/nosuch`, { method: "POST", body: "{}" })).status).toBe(404);
});

test("a disabled method, credits for a recharge, or nothing chosen are refused with a message", async () => {
  const u = await registerUser(stack.url, "methods");
  const o = (await recharge(u, 100)).json as Order;
  expect((await pay(o.order_no, 2, u.token)).json).toMatchObject({ message: "该支付方式未开启，请选择其他支付方式" });
  expect((await pay(o.order_no, 5, u.token)).json.message).toBe("该订单不支持积分支付，请选择其他支付方式");
  expect((await pay(o.order_no, 0, u.token)).status).toBe(400);
});

test("other users cannot read, pay or close someone's order; staff can read it", async () => {
  const owner = await registerUser(stack.url, "ownerx");
  const other = await registerUser(stack.url, "otherx");
  const o = (await recharge(owner, 100)).json as Order;
  for (const r of [
    await getOrder(o.order_no, other.token),
    await call("GET", `/api/v1/order/status?order_no=${o.order_no}`, undefined, other.token),
    await pay(o.order_no, 11, other.token),
    await call("PUT", "/api/v1/order/close", { order_no: o.order_no }, other.token),
  ])
    expect([r.status, r.json.message]).toEqual([404, "订单不存在"]);
  expect((await getOrder(o.order_no, admin)).json.order_no).toBe(o.order_no);
  const mine = await call("GET", "/api/v1/user/order", undefined, other.token);
  expect(mine.json.total ?? 0).toBe(0);
  expect((await call("GET", "/api/v1/order/list", undefined, other.token)).status).toBe(403);
});

test("close, expiry (read and lists), admin list filters and delete", async () => {
  const u = await registerUser(stack.url, "closer");
  const a = (await recharge(u, 100)).json as Order;
  expect((await call("PUT", "/api/v1/order/close", { order_no: a.order_no }, u.token)).status).toBe(200);
  expect((await getOrder(a.order_no, u.token)).json).toMatchObject({ status: 3, message: "订单已关闭" });
  expect((await pay(a.order_no, 11, u.token)).json.message).toBe("订单已关闭，请重新下单");
  const b = (await recharge(u, 200)).json as Order;
  const c = (await recharge(u, 300)).json as Order;
  await orderDb.order.updateMany({
    where: { orderNo: { in: [b.order_no, c.order_no] } },
    data: { expiredAt: new Date(Date.now() - 1000) },
  });
  expect((await getOrder(b.order_no, u.token)).json).toMatchObject({
    status: 3,
    message: "订单超时未支付，已自动关闭",
  });
  const listed = await call("GET", `/api/v1/order/list?user_id=${u.id}&status=3`, undefined, admin);
  expect(listed.json.total).toBe(3); // c was closed by the list
  const byNo = await call("GET", `/api/v1/order/list?wd=${c.order_no}`, undefined, admin);
  expect((byNo.json.order as Order[]).map((o) => [o.order_no, o.username])).toEqual([[c.order_no, "closer"]]);
  expect(
    (await call("DELETE", `/api/v1/order?id=${(byNo.json.order as Order[])[0]?.id}`, undefined, admin)).status,
  ).toBe(200);
  expect((await getOrder(c.order_no, u.token)).status).toBe(404);
  expect((await call("GET", "/api/v1/user/order?status=3", undefined, u.token)).json.total).toBe(2);
});

test("system recharge: a PAID order and a ledger entry with the remark as its reason", async () => {
  const u = await registerUser(stack.url, "gifted");
  const r = await call(
    "POST",
    "/api/v1/order/system/recharge",
    { user_id: u.id, quantity: 250, remark: "活动奖励" },
    admin,
  );
  expect(r.json).toMatchObject({ status: 2, pay_method: 6, quantity: 250, remark: "活动奖励", user_id: u.id });
  expect(await balance(u.id)).toBe(250);
  const log = await call("GET", "/api/v1/user/credit/log", undefined, u.token);
  expect((log.json.credit_log as Array<Record<string, unknown>>)[0]).toMatchObject({
    ref_type: "system_recharge",
    reason: "活动奖励",
    amount: 250,
  });
  expect((await call("POST", "/api/v1/order/system/recharge", { user_id: u.id, quantity: -1 }, admin)).status).toBe(
    400,
  );
  expect((await call("POST", "/api/v1/order/system/recharge", { user_id: u.id, quantity: 5 }, u.token)).status).toBe(
    403,
  );
});

test("buying a 10-credit document: 50 concurrent pays of one order → one spend; the uploader earns it; later orders are free", async () => {
  const seller = await registerUser(stack.url, "seller1");
  const buyer = await registerUser(stack.url, "buyer1");
  const doc = await pricedDocument(seller, 10);
  await grant(buyer.id, 10);
  const o = (await call("POST", "/api/v1/order", { order_type: 1, product_id: doc }, buyer.token)).json as Order;
  expect(o).toMatchObject({ status: 1, credit_amount: 10, amount: 10, product_id: doc });
  const results = await Promise.all(Array.from({ length: 50 }, () => pay(o.order_no, 5, buyer.token)));
  expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
  expect(results.every((r) => r.json.status === 2)).toBe(true);
  expect(await balance(buyer.id)).toBe(0);
  expect(await orderDb.creditEntry.count({ where: { userId: BigInt(buyer.id), code: "order" } })).toBe(1);
  await eventually(async () => expect(await balance(seller.id)).toBe(10));
  // bought: a new order of it is paid at once, free; the uploader's own order too
  const again = await call("POST", "/api/v1/order", { order_type: 1, product_id: doc }, buyer.token);
  expect(again.json).toMatchObject({ status: 2, credit_amount: 0, amount: 0 });
  const own = await call("POST", "/api/v1/order", { order_type: 1, product_id: doc }, seller.token);
  expect(own.json).toMatchObject({ status: 2, credit_amount: 0 });
  expect(await balance(seller.id)).toBe(10);
  expect((await call("POST", "/api/v1/order", { order_type: 1, product_id: 99999999 }, buyer.token)).status).toBe(404);
});

test("20 concurrent purchases (separate orders: the open-order cap) of a 10-credit document with a balance of 10: one succeeds", async () => {
  const seller = await registerUser(stack.url, "seller2");
  const buyer = await registerUser(stack.url, "buyer2");
  const doc = await pricedDocument(seller, 10);
  await grant(buyer.id, 10);
  const orders = await Promise.all(
    Array.from(
      { length: 20 },
      async () => (await call("POST", "/api/v1/order", { order_type: 1, product_id: doc }, buyer.token)).json as Order,
    ),
  );
  expect(orders.every((o) => o.status === 1)).toBe(true);
  const results = await Promise.all(orders.map((o) => pay(o.order_no, 5, buyer.token)));
  expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  for (const r of results.filter((x) => x.status !== 200)) expect(r.json.message).toBe("积分不足：当前余额 0");
  expect(await balance(buyer.id)).toBe(0);
  expect(await orderDb.order.count({ where: { userId: BigInt(buyer.id), status: 2 } })).toBe(1);
}, 60_000);

test("recharge switched off: creating a recharge is refused", async () => {
  const u = await registerUser(stack.url, "nocharge");
  await setConfig("score", "enable_recharge", "false");
  await eventually(async () => expect((await recharge(u, 100)).json.message).toBe("积分充值未开启"), 10_000);
  await setConfig("score", "enable_recharge", "true");
});

test("the internal notify RPC is not reachable without the internal credential", async () => {
  const r = await ledger
    .handlePaymentNotify({ provider: "sandbox", body: new Uint8Array(), query: "" })
    .catch((e: unknown) => ConnectError.from(e));
  expect(r instanceof ConnectError && r.code).toBe(Code.PermissionDenied);
});
