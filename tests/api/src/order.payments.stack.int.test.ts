// Alipay and WeChat Pay through the whole stack, against LOCAL STAND-INS of both platforms (generated
// keys, the platforms' published protocols: the real ones cannot run here). The site is configured
// through the admin config API (keys, and the gateway / API base URLs pointing at the stand-ins), a
// user's recharge order is paid on the stand-in, and the stand-in POSTs its signed notify to the
// notify URL the order service gave it: the gateway's real /callback/<provider> route →
// OrderInternalAPI.HandlePaymentNotify. The order is paid and the credits booked once; a replay
// changes nothing; a tampered amount, status or signature is refused and changes nothing. Last,
// WeChat Pay's public key mode, configured the same way.
import type { KeyObject } from "node:crypto";
import {
  type AlipayStandIn,
  type NotifyDelivery,
  startAlipayStandIn,
  startWechatPayStandIn,
  type WechatPayStandIn,
} from "@wenku/testkit/payments";
import { type OrderDb, openOrderDb } from "./db.js";
import { eventually, loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let orderDb: OrderDb;
let alipay: AlipayStandIn;
let wechat: WechatPayStandIn;
let admin: string;
const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);
const privatePem = (k: KeyObject) => k.export({ type: "pkcs8", format: "pem" }) as string;
const publicPem = (k: KeyObject) => k.export({ type: "spki", format: "pem" }) as string;

beforeAll(async () => {
  [stack, alipay, wechat] = await Promise.all([startTestStack(), startAlipayStandIn(), startWechatPayStandIn()]);
  orderDb = openOrderDb(stack);
  admin = await loginAdmin(stack.url);
  const config = Object.entries({
    "system.domain": stack.url,
    "score.register": "0",
    "score.enable_recharge": "true",
    "score.credit_exchange": "100",
    "score.recharge_discount": "1000:0.9",
    "alipay.enable": "true",
    "alipay.app_id": alipay.appId,
    "alipay.private_key": privatePem(alipay.appKeys.privateKey),
    "alipay.public_key": publicPem(alipay.alipayKeys.publicKey),
    "alipay.gateway_url": alipay.gatewayUrl,
    "wechatpay.enable": "true",
    "wechatpay.app_id": wechat.appId,
    "wechatpay.mch_id": wechat.mchId,
    "wechatpay.serial_no": wechat.merchantSerial,
    "wechatpay.api_v3_key": wechat.apiV3Key,
    "wechatpay.private_key": privatePem(wechat.merchantKeys.privateKey),
    "wechatpay.base_url": wechat.baseUrl,
  }).map(([key, value]) => {
    const [category = "", name = ""] = key.split(".");
    return { category, name, value };
  });
  const saved = await call("PUT", "/api/v1/config", { config }, admin);
  expect([saved.status, saved.json.message]).toEqual([200, undefined]);
}, 60_000);
afterAll(async () => {
  await orderDb.$disconnect();
  await Promise.all([stack.stop(), alipay.close(), wechat.close()]);
});

/** A user's 1000-credit recharge order (9.0折: ¥9.00) and the user. */
async function rechargeOrder(username: string) {
  const user = await registerUser(stack.url, username);
  const r = await call("POST", "/api/v1/order", { order_type: 3, quantity: 1000 }, user.token);
  expect([r.status, r.json.amount, r.json.status]).toEqual([200, 900, 1]);
  return { user, orderNo: r.json.order_no as string };
}

/** What a notify may change, read from the order service's own tables (not through GetOrderStatus, which asks the platform). */
async function state(orderNo: string, userId: number) {
  const order = await orderDb.order.findUniqueOrThrow({ where: { orderNo } });
  const entries = await orderDb.creditEntry.findMany({ where: { userId: BigInt(userId) } });
  const balance = await orderDb.creditBalance.findUnique({ where: { userId: BigInt(userId) } });
  return {
    status: order.status,
    payMethod: order.payMethod,
    tradeNo: order.tradeNo,
    payAt: order.payAt?.toISOString(),
    delivered: order.deliveredAt !== null,
    entries: entries.map((e) => [e.code, e.amount, e.refKind, Number(e.refId)]),
    balance: balance?.balance ?? 0,
  };
}

const unpaid = { status: 1, tradeNo: null, payAt: undefined, delivered: false, entries: [], balance: 0 };

test("settings: both providers are offered; their endpoints take https or loopback http only", async () => {
  const settings = await call("GET", "/api/v1/settings");
  expect((settings.json.payment as { pay_method: number[] }).pay_method).toEqual(expect.arrayContaining([1, 2]));
  for (const [category, name] of [
    ["alipay", "gateway_url"],
    ["wechatpay", "base_url"],
  ]) {
    const r = await call("PUT", "/api/v1/config", { config: [{ category, name, value: "http://pay.example" }] }, admin);
    expect([r.status, r.json.message]).toEqual([400, expect.stringContaining("须为 https:// 开头的地址")]);
  }
  const listed = await call("GET", "/api/v1/config/list?category=alipay", undefined, admin);
  const rows = listed.json.config as Array<{ name: string; value: string }>;
  expect(rows.find((c) => c.name === "gateway_url")?.value).toBe(alipay.gatewayUrl);
});

test("Alipay: the stand-in's signed notify at /callback/alipay pays once; replays and tampering change nothing", async () => {
  const { user, orderNo } = await rechargeOrder("alipayer");
  const started = await call("POST", "/api/v1/order/pay", { order_no: orderNo, pay_method: 2 }, user.token);
  expect([started.status, started.json.pay_method]).toEqual([200, 2]);
  const link = started.json.payment_url as string;
  expect(link.startsWith(`${alipay.gatewayUrl}?`)).toBe(true);
  // The browser opens the signed pay URL: the stand-in checks its RSA2 signature and opens the trade.
  expect((await fetch(link)).status).toBe(200);
  const trade = alipay.trades.get(orderNo);
  expect([trade?.totalAmount, trade?.notifyUrl]).toEqual(["9.00", `${stack.url}/callback/alipay`]);
  const refused: NotifyDelivery = { status: 200, body: "fail" };

  // Forged or altered "paid" notifies for the pending order: refused, nothing changes.
  const wrongAmount = alipay.notify(orderNo, { trade_status: "TRADE_SUCCESS", total_amount: "0.01" });
  expect(await alipay.deliver(orderNo, wrongAmount)).toEqual(refused);
  const waiting = Buffer.from(alipay.notify(orderNo).body).toString("utf8"); // honestly signed, unpaid
  expect(waiting).toContain("trade_status=WAIT_BUYER_PAY");
  const altered = { ...alipay.notify(orderNo), body: Buffer.from(waiting.replace("WAIT_BUYER_PAY", "TRADE_SUCCESS")) };
  expect(await alipay.deliver(orderNo, altered)).toEqual(refused);
  const wrongKey = alipay.notify(orderNo, { trade_status: "TRADE_SUCCESS" }, alipay.appKeys.privateKey);
  expect(await alipay.deliver(orderNo, wrongKey)).toEqual(refused);
  expect(await state(orderNo, user.id)).toMatchObject({ ...unpaid, payMethod: 2 });

  // The buyer pays: Alipay's notify is acknowledged, the order paid, 1000 credits booked.
  const paid = alipay.pay(orderNo);
  expect(await alipay.deliver(orderNo, paid)).toEqual({ status: 200, body: "success" });
  const after = await state(orderNo, user.id);
  expect(after).toMatchObject({ status: 2, payMethod: 2, tradeNo: trade?.tradeNo, delivered: true, balance: 1000 });
  expect(after.entries).toEqual([["recharge", 1000, "order", expect.any(Number)]]);

  // Alipay retries until it reads "success": the replay is acknowledged and changes nothing.
  expect(await alipay.deliver(orderNo, paid)).toEqual({ status: 200, body: "success" });
  expect(await alipay.deliver(orderNo, alipay.notify(orderNo))).toEqual({ status: 200, body: "success" });
  const tampered = alipay.notify(orderNo, { total_amount: "900.00" });
  expect(await alipay.deliver(orderNo, tampered)).toEqual(refused);
  expect(await state(orderNo, user.id)).toEqual(after);
  const seen = await call("GET", `/api/v1/order?order_no=${orderNo}`, undefined, user.token);
  expect(seen.json).toMatchObject({ status: 2, pay_method: 2, trade_no: trade?.tradeNo });
});

test("WeChat Pay: the stand-in's signed, encrypted notify at /callback/wechatpay pays once; replays and tampering change nothing", async () => {
  const { user, orderNo } = await rechargeOrder("wechatpayer");
  const started = await call("POST", "/api/v1/order/pay", { order_no: orderNo, pay_method: 1 }, user.token);
  expect([started.status, started.json.pay_method]).toEqual([200, 1]);
  expect(started.json.qrcode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/); // Native pay (a desktop client)
  const tx = wechat.transactions.get(orderNo);
  expect([tx?.amount.total, tx?.request.notify_url]).toEqual([900, `${stack.url}/callback/wechatpay`]);
  const refused: NotifyDelivery = { status: 500, body: JSON.stringify({ code: "FAIL", message: "失败" }) };
  const success: NotifyDelivery = { status: 200, body: JSON.stringify({ code: "SUCCESS" }) };
  const paidState = { trade_state: "SUCCESS", success_time: "2026-11-25T12:00:00+08:00" };

  // Forged or altered "paid" notifies for the pending order: refused, nothing changes.
  const wrongAmount = wechat.notify(orderNo, { overrides: { ...paidState, amount: { total: 1, currency: "CNY" } } });
  expect(await wechat.deliver(orderNo, wrongAmount)).toEqual(refused);
  const stranger = wechat.notify(orderNo, { overrides: paidState, signer: wechat.stranger() });
  expect(await wechat.deliver(orderNo, stranger)).toEqual(refused);
  const honest = wechat.notify(orderNo, { overrides: paidState });
  const altered = {
    ...honest,
    body: Buffer.from(Buffer.from(honest.body).toString("utf8").replace("支付成功", "支付失败")),
  };
  expect(await wechat.deliver(orderNo, altered)).toEqual(refused);
  const stale = wechat.notify(orderNo, { overrides: paidState, timestamp: Math.floor(Date.now() / 1000) - 600 });
  expect(await wechat.deliver(orderNo, stale)).toEqual(refused);
  const otherKey = wechat.notify(orderNo, { overrides: paidState, apiV3Key: "k".repeat(32) });
  expect(await wechat.deliver(orderNo, otherKey)).toEqual(refused);
  expect(await state(orderNo, user.id)).toMatchObject({ ...unpaid, payMethod: 1 });

  // The buyer pays: WeChat's notify is acknowledged, the order paid, 1000 credits booked.
  const paid = wechat.pay(orderNo);
  expect(await wechat.deliver(orderNo, paid)).toEqual(success);
  const after = await state(orderNo, user.id);
  expect(after).toMatchObject({ status: 2, payMethod: 1, tradeNo: tx?.transaction_id, delivered: true, balance: 1000 });
  expect(after.entries).toEqual([["recharge", 1000, "order", expect.any(Number)]]);

  // Replays (the same notify, a new one of the same trade) are acknowledged and change nothing.
  expect(await wechat.deliver(orderNo, paid)).toEqual(success);
  expect(await wechat.deliver(orderNo, wechat.notify(orderNo))).toEqual(success);
  const tampered = wechat.notify(orderNo, { overrides: { amount: { total: 90_000, currency: "CNY" } } });
  expect(await wechat.deliver(orderNo, tampered)).toEqual(refused);
  expect(await state(orderNo, user.id)).toEqual(after);
  const seen = await call("GET", `/api/v1/order?order_no=${orderNo}`, undefined, user.token);
  expect(seen.json).toMatchObject({ status: 2, pay_method: 1, trade_no: tx?.transaction_id });
});

test("WeChat Pay public key mode: with wechatpay.public_key and its id saved, a merchant without certificates is paid", async () => {
  const publicKey = wechat.usePublicKey();
  wechat.certificatesServed = false;
  const config = [
    { category: "wechatpay", name: "public_key", value: publicKey.pem },
    { category: "wechatpay", name: "public_key_id", value: publicKey.serial },
  ];
  const saved = await call("PUT", "/api/v1/config", { config }, admin);
  expect([saved.status, saved.json.message]).toEqual([200, undefined]);
  const downloads = wechat.certificateDownloads;
  const user = await registerUser(stack.url, "wechatpubkey");
  // The order service reads the pay settings through a short cache: once it has the public key,
  // the stand-in's PUB_KEY_ID-signed answer verifies (a new order each try: the stand-in, like
  // WeChat, takes an order number once).
  const { orderNo, started } = await eventually(async () => {
    const o = await call("POST", "/api/v1/order", { order_type: 3, quantity: 1000 }, user.token);
    const orderNo = o.json.order_no as string;
    const r = await call("POST", "/api/v1/order/pay", { order_no: orderNo, pay_method: 1 }, user.token);
    expect(r.json).toMatchObject({ order_no: orderNo, pay_method: 1, qrcode: expect.stringMatching(/^weixin:\/\//) });
    return { orderNo, started: r };
  }, 15_000);
  expect(started.status).toBe(200);
  const paid = wechat.pay(orderNo);
  expect(paid.headers["wechatpay-serial"]).toBe(publicKey.serial);
  expect(await wechat.deliver(orderNo, paid)).toEqual({ status: 200, body: JSON.stringify({ code: "SUCCESS" }) });
  expect(await state(orderNo, user.id)).toMatchObject({ status: 2, payMethod: 1, delivered: true, balance: 1000 });
  expect(wechat.certificateDownloads).toBe(downloads);
});
