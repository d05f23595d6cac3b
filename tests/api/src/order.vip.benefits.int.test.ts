// VIP benefits on the real stack: VIP documents (SetDocumentVip; DownloadDocumentVip and DownloadDocument
// for members only), free downloads while the membership's last (also under 20 concurrent downloads),
// then the card's document discount (rounded down; the uploader earns what was paid), the card's
// daily cap, and /me/vip's view of them. A card's benefits are edited on the card (/admin/user/vip).
import {
  addDocument,
  admin,
  alice,
  clock,
  db,
  register,
  setConfig,
  setupFilesSite,
  stack,
  uploaded,
} from "./files.fixture.js";
import { rest } from "./testing.js";

setupFilesSite();

const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);
const link = (id: number, token?: string, vip = false) =>
  call("GET", `/api/v1/document/download${vip ? "/vip" : ""}?id=${id}`, undefined, token);
const credits = async (u: { id: number; token: string }) =>
  ((await call("GET", `/api/v1/user?id=${u.id}`, undefined, u.token)).json.credit_count as number) ?? 0;
const myVip = async (token: string) => (await call("GET", "/api/v1/user/vip", undefined, token)).json;

type Benefits = { document_discount: number; download: number; times_every_day: number };

/** The month card (a 30-day grant to a new member takes its benefits) with these benefits. */
async function monthCard(b: Benefits) {
  const list = await call("GET", "/api/v1/vip/card/list?size=100", undefined, admin);
  const card = (list.json.vip_card as Array<Record<string, unknown>>).find((c) => (c.type ?? 0) === 2);
  if (!card) throw new Error("no month card");
  const r = await call("PUT", "/api/v1/vip/card", { ...card, ...b }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return card;
}

/** A new user granted 30 days of VIP (the month card's benefits as they are now). */
async function member(name: string) {
  const u = await register(name);
  const r = await call("PUT", "/api/v1/uservip/grant", { user_id: u.id, days: 30, remark: "测试" }, admin);
  expect(r.status).toBe(200);
  return u;
}

const DAY_MS = 86_400_000;
const JOIN = "该文档为VIP专享文档，仅VIP会员可以下载，请先开通VIP会员（/joinvip）";

beforeAll(async () => {
  await setConfig("download", "times_every_day", "1000");
});

test("staff mark documents VIP (SetDocumentVip); non-members are refused towards /joinvip, members download them", async () => {
  const id = await addDocument(uploaded.hash, { userId: alice.id });
  const reader = await register("vipdocreader");
  expect((await call("PUT", "/api/v1/document/vip", { id: [id], is_vip: true }, reader.token)).status).toBe(403);
  expect((await call("PUT", "/api/v1/document/vip", { id: [id], is_vip: true }, admin)).status).toBe(200);
  expect((await call("GET", `/api/v1/document?id=${id}`, undefined, reader.token)).json.is_vip).toBe(true);

  for (const vip of [true, false]) {
    const refused = await link(id, reader.token, vip);
    expect([refused.status, refused.json.message]).toEqual([403, JOIN]);
  }
  expect(await db.download.count({ where: { documentId: BigInt(id) } })).toBe(0); // a refusal counts nowhere
  expect((await link(id, undefined, true)).status).toBe(401);
  expect((await link(id, alice.token)).status).toBe(200); // the uploader's own

  await monthCard({ document_discount: 85, download: 5, times_every_day: 0 });
  const vip = await member("vipdocmember");
  const got = await link(id, vip.token, true);
  expect(got.status).toBe(200);
  expect((await call("GET", got.json.url as string)).status).toBe(200);
  expect((await link(id, vip.token)).status).toBe(200); // DownloadDocument applies the same rule
  // a free VIP document uses none of the free downloads
  expect(await myVip(vip.token)).toMatchObject({ download: 5, download_left: 5, downloads_today: 2 });
  // the mark comes off: anyone downloads it again
  expect((await call("PUT", "/api/v1/document/vip", { id: [id], is_vip: false }, admin)).status).toBe(200);
  expect((await link(id, reader.token)).status).toBe(200);
});

test("a member downloads priced documents free while free downloads last, then at the card's discount", async () => {
  await monthCard({ document_discount: 85, download: 2, times_every_day: 0 });
  const vip = await member("vipfreebuyer");
  const start = await credits(vip);
  const [a, b, c] = [
    await addDocument(uploaded.hash, { userId: alice.id, price: 7 }),
    await addDocument(uploaded.hash, { userId: alice.id, price: 9 }),
    await addDocument(uploaded.hash, { userId: alice.id, price: 7 }),
  ];
  const aliceBefore = await credits(alice);
  expect((await link(a, vip.token)).status).toBe(200);
  expect(await myVip(vip.token)).toMatchObject({ document_discount: 85, download: 2, download_left: 1 });
  expect((await link(b, vip.token, true)).status).toBe(200);
  expect((await myVip(vip.token)).download_left ?? 0).toBe(0);
  expect(await credits(vip)).toBe(start); // nothing paid, and the uploader earned nothing
  expect(await credits(alice)).toBe(aliceBefore);

  // No free download left: the 7-credit document costs floor(7 × 85 %) = 5, the uploader earns 5.
  const quote = await call("POST", "/api/v1/order", { order_type: 1, product_id: c }, vip.token);
  expect([quote.status, quote.json.credit_amount]).toEqual([200, 5]);
  await call("PUT", "/api/v1/order/close", { order_no: quote.json.order_no }, vip.token);
  if (start < 5) {
    const r = await call("POST", "/api/v1/order/system/recharge", { user_id: vip.id, quantity: 5, remark: "t" }, admin);
    expect(r.status).toBe(200);
  }
  const before = await credits(vip);
  expect((await link(c, vip.token)).status).toBe(200);
  expect([before - (await credits(vip)), (await credits(alice)) - aliceBefore]).toEqual([5, 5]);
  const paid = await db.download.findMany({ where: { userId: BigInt(vip.id) }, orderBy: { id: "asc" } });
  expect(paid.map((d) => d.isPay)).toEqual([false, false, true]);
  expect((await myVip(vip.token)).downloads_today).toBe(3);

  // A non-member pays the full price as before.
  const plain = await register("vipplainbuyer");
  const full = await call("POST", "/api/v1/order", { order_type: 1, product_id: c }, plain.token);
  expect(full.json.credit_amount).toBe(7);
});

test("buying a card brings its benefits; a running membership bought again adds the card's free downloads", async () => {
  await setConfig("vip", "enable", "true");
  const benefits = { document_discount: 50, download: 3, times_every_day: 0 };
  const card = await monthCard(benefits);
  await call("PUT", "/api/v1/vip/card", { ...card, ...benefits, credit_price: 1 }, admin);
  const buyer = await register("vipcardbuyer");
  if ((await credits(buyer)) < 2)
    await call("POST", "/api/v1/order/system/recharge", { user_id: buyer.id, quantity: 2, remark: "t" }, admin);
  for (let i = 0; i < 2; i++) {
    const order = await call("POST", "/api/v1/order", { order_type: 2, vip_card_id: card.id }, buyer.token);
    const paid = await call("POST", "/api/v1/order/pay", { order_no: order.json.order_no, pay_method: 5 }, buyer.token);
    expect([paid.status, paid.json.status]).toEqual([200, 2]);
  }
  expect(await myVip(buyer.token)).toMatchObject({ document_discount: 50, download: 6, download_left: 6 });
  const id = await addDocument(uploaded.hash, { userId: alice.id, price: 3 });
  // the free downloads come first: an order quoted now is at 50 %, floor(1.5) = 1
  const quote = await call("POST", "/api/v1/order", { order_type: 1, product_id: id }, buyer.token);
  expect(quote.json.credit_amount).toBe(1);
});

test("20 concurrent priced downloads by a member with 5 free downloads and no credits: exactly 5 are served", async () => {
  await monthCard({ document_discount: 100, download: 5, times_every_day: 0 });
  const vip = await member("vipracer");
  const ids = [];
  for (let i = 0; i < 20; i++) ids.push(await addDocument(uploaded.hash, { userId: alice.id, price: 100_000 }));
  const all = await Promise.all(ids.map((id) => link(id, vip.token)));
  expect(all.filter((r) => r.status === 200)).toHaveLength(5);
  for (const r of all.filter((x) => x.status !== 200)) expect(r.json.message).toMatch(/^积分不足/);
  expect(await myVip(vip.token)).toMatchObject({ download: 5, downloads_today: 5 });
  expect((await myVip(vip.token)).download_left ?? 0).toBe(0);
  expect(await db.download.count({ where: { userId: BigInt(vip.id) } })).toBe(5);
});

test("the card's daily cap holds for VIP downloads (also concurrent ones); other users are not capped by it", async () => {
  await monthCard({ document_discount: 85, download: 10, times_every_day: 2 });
  const vip = await member("vipcapped");
  const ids = [];
  for (let i = 0; i < 6; i++) ids.push(await addDocument(uploaded.hash, { userId: alice.id, price: 1 }));
  const all = await Promise.all(ids.map((id) => link(id, vip.token)));
  expect(all.filter((r) => r.status === 200)).toHaveLength(2);
  for (const r of all.filter((x) => x.status !== 200))
    expect([r.status, r.json.message]).toEqual([429, "您今日的VIP下载次数已达上限（2 次），请明天再来"]);
  expect(await myVip(vip.token)).toMatchObject({ times_every_day: 2, downloads_today: 2, download_left: 8 });
  expect(await db.download.count({ where: { userId: BigInt(vip.id) } })).toBe(2);
  const other = await register("vipuncapped");
  expect((await link(ids[5] ?? 0, other.token)).status).toBe(200); // a purchase with the register bonus

  // The day is the site's (Asia/Shanghai, UTC+8): a minute before its midnight still capped, after it fresh.
  const toMidnight = DAY_MS - ((clock.now().getTime() + 8 * 3_600_000) % DAY_MS);
  clock.advance(toMidnight - 60_000);
  expect((await link(ids[2] ?? 0, vip.token)).status).toBe(429);
  clock.advance(120_000);
  expect((await link(ids[2] ?? 0, vip.token)).status).toBe(200);
  expect(await myVip(vip.token)).toMatchObject({ downloads_today: 1, download_left: 7 });
});

test("a card's benefits are validated; an update that leaves them out keeps them", async () => {
  const card = await monthCard({ document_discount: 80, download: 4, times_every_day: 1 });
  for (const bad of [{ document_discount: 101 }, { download: -1 }, { times_every_day: -2 }]) {
    const r = await call("PUT", "/api/v1/vip/card", { ...card, ...bad }, admin);
    expect(r.status).toBe(400);
  }
  const { document_discount: _d, download: _n, times_every_day: _t, ...rest } = card;
  expect((await call("PUT", "/api/v1/vip/card", rest, admin)).status).toBe(200);
  expect((await call("GET", `/api/v1/vip/card?id=${card.id}`, undefined, admin)).json).toMatchObject({
    document_discount: 80,
    download: 4,
    times_every_day: 1,
  });
});
