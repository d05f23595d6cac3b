// Issue #25 (orders and payment), spoken exactly as the moredoc Pro front end speaks it (pages/order.vue,
// components/FormDownload.vue, components/FormRecharge.vue, components/UserOrder.vue, pages/admin/order.vue;
// query strings as its qs "repeat" serializer writes them) against the real stack, asserting what it reads:
// 1. POST /order/pay with payment_type (+ downcode, is_wap, code), order_status in the reply;
// 2. order objects carry payment_type, closed_at (the deadline while pending), product_uuid, paid_at;
// 3. /user/order?status=0 is every order; /order/list honours order_status= and payment_type=;
// 4. the admin's 充值 sends credit; 7. free_download_duration: 0 pays every time, N days re-download free.
import { type OrderDb, openOrderDb } from "./db.js";
import {
  addDocument,
  admin,
  alice,
  db,
  register,
  setConfig,
  setupFilesSite,
  stack,
  uploaded,
} from "./files.fixture.js";
import { rest } from "./testing.js";

setupFilesSite();

let orderDb: OrderDb;
beforeAll(() => {
  orderDb = openOrderDb(stack);
});
afterAll(async () => {
  await orderDb.$disconnect();
});

type Json = Record<string, unknown>;
type User = { token: string; id: number };
const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);

/** components/FormRecharge.vue: the admin credits a user. */
const recharge = (body: Json) => call("POST", "/api/v1/order/system/recharge", body, admin);
const credits = async (u: User) =>
  ((await call("GET", `/api/v1/user?id=${u.id}`, undefined, u.token)).json.credit_count as number | undefined) ?? 0;
/** pages/document/_id.vue: a download starts with an order. */
const createOrder = async (documentId: number, u: User) => {
  const r = await call("POST", "/api/v1/order", { order_type: 1, product_id: documentId }, u.token);
  expect([r.status, r.json.code]).toEqual([200, undefined]); // an error answer would carry its code
  return r.json as Json & { order_no: string; status: number };
};
/** pages/order.vue execPayOrder, byte for byte (a desktop browser, no WeChat code). */
const payOrder = (orderNo: string, u: User, paymentType = 5, downcode = "") =>
  call(
    "POST",
    "/api/v1/order/pay",
    { order_no: orderNo, payment_type: paymentType, downcode, is_wap: false, code: "" },
    u.token,
  );
const getOrder = async (orderNo: string, u: User) => {
  const r = await call("GET", `/api/v1/order?order_no=${orderNo}`, undefined, u.token);
  expect(r.status).toBe(200);
  return r.json;
};
const download = (documentId: number, u: User) =>
  call("GET", `/api/v1/document/download?id=${documentId}`, undefined, u.token);
const uuidOf = async (documentId: number) =>
  (await db.document.findUniqueOrThrow({ where: { id: BigInt(documentId) } })).uuid;

/** A buyer holding `credit` credits, given by the admin as moredoc Pro's 充值 does. */
async function buyer(name: string, credit: number): Promise<User> {
  const u = await register(name);
  const r = await recharge({ user_id: u.id, credit, remark: "Pro 充值" });
  expect([r.status, r.json.quantity]).toEqual([200, credit]);
  return u;
}

/** The whole purchase as the Pro order page makes it: order, pay with credits, download. */
async function buyAndDownload(documentId: number, u: User) {
  const order = await createOrder(documentId, u);
  expect(order.status).toBe(1);
  const paid = await payOrder(order.order_no, u);
  expect([paid.status, paid.json.order_status]).toEqual([200, 2]);
  expect((await download(documentId, u)).status).toBe(200);
  return order.order_no;
}

describe("item 1: POST /api/v1/order/pay as moredoc Pro sends it", () => {
  test("payment_type 5 pays with credits; the reply carries order_status and payment_type beside ours", async () => {
    const u = await buyer("propayer", 10);
    const id = await addDocument(uploaded.hash, { userId: alice.id, price: 4 });
    const before = await credits(u);
    const order = await createOrder(id, u);
    const r = await payOrder(order.order_no, u);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      order_no: order.order_no,
      order_status: 2,
      status: 2,
      payment_type: 5,
      pay_method: 5,
    });
    expect(await credits(u)).toBe(before - 4);
    // FormDownload.vue then downloads: the purchase serves it without a second charge
    expect((await download(id, u)).status).toBe(200);
    expect(await credits(u)).toBe(before - 4);
  });

  test("pay_method and payment_type that disagree → 400 naming both; download codes → 400 saying they are not offered", async () => {
    const u = await buyer("proconflict", 10);
    const id = await addDocument(uploaded.hash, { userId: alice.id, price: 2 });
    const order = await createOrder(id, u);
    const both = await call(
      "POST",
      "/api/v1/order/pay",
      { order_no: order.order_no, pay_method: 2, payment_type: 5 },
      u.token,
    );
    expect([both.status, both.json.message]).toEqual([400, "pay_method 与 payment_type 不一致，请只填写其中一个"]);
    const code = await payOrder(order.order_no, u, 9, "ABCD1234");
    expect([code.status, code.json.message]).toEqual([400, "本站未开通下载码支付，请选择其他支付方式"]);
    const unknown = await payOrder(order.order_no, u, 42);
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toMatch(/^参数 payment_type 的值 42 无效/);
    // nothing was spent; the same value under both names, and our own name alone, still pay
    expect((await getOrder(order.order_no, u)).status).toBe(1);
    const agreed = await call(
      "POST",
      "/api/v1/order/pay",
      { order_no: order.order_no, pay_method: 5, payment_type: 5 },
      u.token,
    );
    expect([agreed.status, agreed.json.order_status]).toEqual([200, 2]);
  });
});

describe("item 2: order objects as /order and the admin list read them", () => {
  test("pending: closed_at is the payment deadline; paid: payment_type, paid_at, product_uuid; closed: closed_at is when", async () => {
    const u = await buyer("proorderpage", 10);
    const id = await addDocument(uploaded.hash, { userId: alice.id, price: 3 });
    const order = await createOrder(id, u);
    const pending = await getOrder(order.order_no, u);
    expect(pending).toMatchObject({ status: 1, payment_type: 0, product_id: id, product_uuid: await uuidOf(id) });
    expect(pending.closed_at).toBe(pending.expired_at); // the countdown's target
    expect(Date.parse(pending.closed_at as string)).toBeGreaterThan(Date.now());

    expect((await payOrder(order.order_no, u)).status).toBe(200);
    const paid = await getOrder(order.order_no, u);
    expect(paid).toMatchObject({ status: 2, payment_type: 5, pay_method: 5, product_uuid: await uuidOf(id) });
    expect(paid.paid_at).toBe(paid.pay_at);
    expect(paid.closed_at).toBeUndefined();

    const other = await createOrder(await addDocument(uploaded.hash, { userId: alice.id, price: 3 }), u);
    const closed = await call("PUT", "/api/v1/order/close", { order_no: other.order_no }, u.token);
    expect(closed.status).toBe(200);
    const shut = await getOrder(other.order_no, u);
    expect(shut.status).toBe(3);
    expect(Date.parse(shut.closed_at as string)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(shut.closed_at as string)).toBeLessThan(Date.parse(shut.expired_at as string));
  });
});

describe("item 3: order lists with moredoc's filters", () => {
  test("/user/order?status=0 lists every order of the caller; /order/list honours order_status= and payment_type=", async () => {
    const u = await buyer("prolists", 20);
    const a = await addDocument(uploaded.hash, { userId: alice.id, price: 2 });
    const b = await addDocument(uploaded.hash, { userId: alice.id, price: 2 });
    const paidNo = (await createOrder(a, u)).order_no;
    expect((await payOrder(paidNo, u)).status).toBe(200);
    const pendingNo = (await createOrder(b, u)).order_no;

    // components/UserOrder.vue's 全部 tab
    const mine = await call("GET", "/api/v1/user/order?size=10&page=1&status=0", undefined, u.token);
    expect(mine.status).toBe(200);
    const rows = mine.json.order as Array<Json>;
    // the admin's 充值 is an order too: three in all
    expect([mine.json.total, rows.map((o) => o.order_no).slice(0, 2)]).toEqual([3, [pendingNo, paidNo]]);
    expect(rows[1]).toMatchObject({ product_uuid: await uuidOf(a), payment_type: 5 });
    expect(rows[2]).toMatchObject({ order_type: 3, payment_type: 6, product_uuid: "" });
    const pendingOnly = await call("GET", "/api/v1/user/order?size=10&page=1&status=1", undefined, u.token);
    expect((pendingOnly.json.order as Array<Json>).map((o) => o.order_no)).toEqual([pendingNo]);

    // pages/admin/order.vue: 订单状态 已支付 + 支付方式 积分支付
    const listed = await call(
      "GET",
      "/api/v1/order/list?page=1&size=100&order_status=2&payment_type=5",
      undefined,
      admin,
    );
    expect(listed.status).toBe(200);
    const found = listed.json.order as Array<Json>;
    const expected = await orderDb.order.count({ where: { status: 2, payMethod: 5, deletedAt: null } });
    expect([listed.json.total, found.length]).toEqual([expected, expected]);
    expect(found.every((o) => o.status === 2 && o.payment_type === 5)).toBe(true);
    expect(found.map((o) => o.order_no)).toContain(paidNo);
    const all = await call("GET", "/api/v1/order/list?page=1&size=100&order_status=0", undefined, admin);
    expect(all.json.total).toBe(await orderDb.order.count({ where: { deletedAt: null } }));
    // ours and theirs together: both apply
    const none = await call("GET", "/api/v1/order/list?status=1&order_status=2", undefined, admin);
    expect([none.status, none.json.total]).toEqual([200, 0]);
  });
});

describe("item 4: the admin's 充值 sends credit", () => {
  test("credit adds credits; bad values are 400 naming credit; quantity still works; both must agree", async () => {
    const u = await register("prorecharged");
    const before = await credits(u);
    const r = await recharge({ user_id: u.id, credit: 25, remark: "活动奖励" });
    expect([r.status, r.json.quantity, r.json.payment_type]).toEqual([200, 25, 6]);
    expect(await credits(u)).toBe(before + 25);
    for (const credit of [-5, 1_000_001]) {
      const bad = await recharge({ user_id: u.id, credit, remark: "x" });
      expect([credit, bad.status, bad.json.message]).toEqual([
        credit,
        400,
        "参数 credit 无效：充值数量须为 1 到 1000000 之间的整数",
      ]);
    }
    const wide = await recharge({ user_id: u.id, credit: 2 ** 31, remark: "x" });
    expect(wide.status).toBe(400);
    expect(wide.json.message).toContain("credit");
    const zero = await recharge({ user_id: u.id, credit: 0, remark: "x" });
    expect([zero.status, zero.json.message]).toEqual([400, "充值数量须为 1 到 1000000 之间的整数"]);
    const both = await recharge({ user_id: u.id, quantity: 5, credit: 6, remark: "x" });
    expect([both.status, both.json.message]).toEqual([400, "quantity 与 credit 不一致，请只填写其中一个"]);
    expect((await recharge({ user_id: u.id, quantity: 5, remark: "ours" })).status).toBe(200);
    expect(await credits(u)).toBe(before + 30);
  });
});

describe("item 7: download.free_download_duration as its help text says", () => {
  test("0: every download is a new purchase", async () => {
    const u = await buyer("proeach", 20);
    const id = await addDocument(uploaded.hash, { userId: alice.id, price: 5 });
    await buyAndDownload(id, u);
    const before = await credits(u);
    const next = await createOrder(id, u);
    expect([next.status, next.credit_amount]).toEqual([1, 5]);
    await buyAndDownload(id, u);
    expect(await credits(u)).toBe(before - 5 - 0); // the pending one above was never paid
  });

  test("N days: free again within N days of paying, paid after; lowering N to 0 frees nothing already downloaded", async () => {
    const u = await buyer("prowindow", 30);
    const id = await addDocument(uploaded.hash, { userId: alice.id, price: 5 });
    await setConfig("download", "free_download_duration", "7");
    try {
      const bought = await buyAndDownload(id, u);
      const before = await credits(u);
      const again = await createOrder(id, u);
      expect([again.status, again.credit_amount]).toEqual([2, 0]); // "您已购买过该文档，正在为您下载"
      expect((await download(id, u)).status).toBe(200);
      expect(await credits(u)).toBe(before);

      // eight days later (the purchase row's payment moved back, no sleeping)
      await orderDb.order.update({
        where: { orderNo: bought },
        data: { payAt: new Date(Date.now() - 8 * 86_400_000) },
      });
      const late = await createOrder(id, u);
      expect([late.status, late.credit_amount]).toEqual([1, 5]);
      expect((await call("PUT", "/api/v1/order/close", { order_no: late.order_no }, u.token)).status).toBe(200);

      // bought and downloaded within a window: switching to 0 does not make it serve once more
      const other = await addDocument(uploaded.hash, { userId: alice.id, price: 5 });
      await buyAndDownload(other, u);
      await setConfig("download", "free_download_duration", "0");
      const after = await createOrder(other, u);
      expect([after.status, after.credit_amount]).toEqual([1, 5]);
    } finally {
      await setConfig("download", "free_download_duration", "0");
    }
  });
});
