// moredoc Pro's front end (its Nuxt pages, unmodified) against the real stack, issue #25 items 5, 6, 8
// and 9: the requests as it sends them, byte for byte, and the fields it reads from the answers.
//   5. CreditRecharge.vue offers score.recharge_discount's tiers (or a custom amount from 0): a new
//      site has tiers; quantity 0 is refused with the reason.
//   6. pages/order.vue and FormDownload2.vue compute 元 as credits ÷ settings.system.credit_exchange.
//   8. pages/joinvip.vue reads each card's figures from GET /api/v1/settings → vip.
//   9. buying a card sends {"order_type":2,"product_id":N}, N the card type (0 year, 1 season, 2 month).
import { ADMIN_PASSWORD, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let admin: string;
let buyer: string;

/** As moredoc Pro's utils/request.js sends it: a JSON body (as given), the token as a bearer. */
const pro = (method: string, path: string, body?: string, token?: string) => rest(stack.url, method, path, body, token);
const setConfig = async (category: string, name: string, value: string) => {
  const r = await rest(stack.url, "PUT", "/api/v1/config", { config: [{ category, name, value }] }, admin);
  expect([r.status, r.json.code]).toEqual([200, undefined]);
};
type Json = Record<string, unknown>;
/** A VIP card as the admin list answers it (type 0 omitted, as proto JSON omits defaults). */
type Card = Json & { id: number; type?: number; title: string; days: number };
const settings = async () => {
  const r = await pro("GET", "/api/v1/settings");
  expect(r.status).toBe(200);
  return r.json as { system: Json; vip: Json };
};

beforeAll(async () => {
  stack = await startTestStack({ env: { CONVERTER_CONCURRENCY: "0" } });
  const login = await pro(
    "POST",
    "/api/v1/user/login",
    `{"username":"admin","password":${JSON.stringify(ADMIN_PASSWORD)}}`,
  );
  expect(login.status).toBe(200);
  admin = login.json.token as string;
  const reg = await pro("POST", "/api/v1/user/register", '{"username":"provipbuyer","password":"secret123"}');
  expect(reg.status).toBe(200);
  buyer = reg.json.token as string;
});
afterAll(async () => {
  await stack.stop();
});

describe("item 5: recharge with the default config", () => {
  test("a new site offers tiers CreditRecharge.vue can parse; a tier buys, quantity 0 is a 400 with the reason", async () => {
    const recharge = await pro("GET", "/api/v1/settings/recharge");
    expect(recharge.status).toBe(200);
    const text = recharge.json.recharge_discount as string;
    // CreditRecharge.vue: split('\n'), each split(':') into +amount and +discount
    const tiers = text.split("\n").map((line) => {
      const [amount, discount] = line.split(":");
      return { amount: Number(amount), discount: Number(discount) };
    });
    expect(tiers.length).toBeGreaterThanOrEqual(3);
    for (const t of tiers) {
      expect(Number.isInteger(t.amount) && t.amount > 0).toBe(true);
      expect(t.discount > 0 && t.discount <= 1).toBe(true);
    }
    expect(recharge.json.credit_exchange).toBe(100);

    await setConfig("score", "enable_recharge", "true");
    const first = tiers[0] as { amount: number; discount: number };
    const order = await pro("POST", "/api/v1/order", `{"order_type":3,"quantity":${first.amount}}`, buyer);
    expect([order.status, order.json.code]).toEqual([200, undefined]);
    expect(order.json).toMatchObject({ order_type: 3, quantity: first.amount, status: 1 });
    expect(order.json.amount).toBe(Math.round((first.amount / 100) * first.discount * 100));
    expect(order.json.order_no).toEqual(expect.any(String));

    // the custom box starts at 0: refused, with what to do
    const zero = await pro("POST", "/api/v1/order", '{"order_type":3,"quantity":0}', buyer);
    expect([zero.status, zero.json.message]).toEqual([400, "充值数量须为 1 到 1000000 之间的整数"]);
  });
});

describe("item 6: settings.system.credit_exchange", () => {
  test("served as credits per 1 元 (the recharge settings' own), following its key at the next request", async () => {
    const s = await settings();
    expect(s.system.credit_exchange).toBe(100);
    // pages/order.vue: a document order of 3 credits shows (3 / credit_exchange).toFixed(2) 元
    expect((3 / (s.system.credit_exchange as number)).toFixed(2)).toBe("0.03");
    await setConfig("score", "credit_exchange", "10");
    expect((await settings()).system.credit_exchange).toBe(10);
    expect((await pro("GET", "/api/v1/settings/recharge")).json.credit_exchange).toBe(10);
    await setConfig("score", "credit_exchange", "100");
  });
});

describe("items 8 and 9: /joinvip", () => {
  const cards = async () => (await pro("GET", "/api/v1/vip/card/list", undefined, admin)).json.vip_card as Card[];

  test("settings.vip carries every card's figures from the seeded cards", async () => {
    await setConfig("vip", "enable", "true");
    const { vip } = await settings();
    expect(vip).toMatchObject({
      enable: true,
      year_price: 19900,
      year_original_price: 19900,
      year_document_discount: 85,
      year_download: 300,
      quarter_price: 5900,
      quarter_original_price: 5900,
      quarter_document_discount: 85,
      quarter_download: 90,
      month_price: 1990,
      month_original_price: 1990,
      month_document_discount: 85,
      month_download: 30,
    });
    // pages/joinvip.vue: ((year_price || 0) / 100).toFixed(2), (year_times_every_day || '不限')
    expect(((vip.year_price as number) / 100).toFixed(2)).toBe("199.00");
    expect(vip.year_times_every_day ?? 0).toBe(0);
    expect(vip.enable_credit_pay ?? false).toBe(false); // no seeded card is sold for credits
  });

  test("a card an admin saves shows in settings.vip at the very next request", async () => {
    const year = (await cards()).find((c) => c.type === undefined || c.type === 0) as Card;
    const save = await rest(
      stack.url,
      "PUT",
      "/api/v1/vip/card",
      { ...year, price: 30000, discount: 0.5, credit_price: 900, times_every_day: 20, document_discount: 70 },
      admin,
    );
    expect([save.status, save.json.message]).toEqual([200, undefined]);
    expect((await settings()).vip).toMatchObject({
      year_price: 15000,
      year_original_price: 30000,
      year_document_discount: 70,
      year_times_every_day: 20,
      enable_credit_pay: true,
    });
    // GET /api/v1/settings/vip (the older view) answers the same figures
    expect((await pro("GET", "/api/v1/settings/vip")).json).toMatchObject({
      year_price: 15000,
      year_original_price: 30000,
    });

    const off = await rest(stack.url, "PUT", "/api/v1/vip/card", { ...year, enable: false }, admin);
    expect(off.status).toBe(200);
    expect((await settings()).vip).toMatchObject({ quarter_price: 5900, enable_credit_pay: false });
    expect((await settings()).vip.year_price ?? 0).toBe(0); // no year card on sale
    await rest(stack.url, "PUT", "/api/v1/vip/card", { ...year, enable: true }, admin);
  });

  test.each([
    [0, "年卡", 365],
    [1, "季卡", 90],
    [2, "月卡", 30],
  ])("product_id %i buys the %s", async (type, title, days) => {
    const r = await pro("POST", "/api/v1/order", `{"order_type":2,"product_id":${type}}`, buyer);
    expect([r.status, r.json.code]).toEqual([200, undefined]);
    // joinvip.vue: res.data.status === 1 → /order?order_no=res.data.order_no
    expect(r.json).toMatchObject({ order_type: 2, status: 1, product_name: `VIP会员-${title}` });
    expect(r.json.order_no).toEqual(expect.any(String));
    const card = (await cards()).find((c) => (c.type ?? 0) === type && c.title === title) as Card;
    expect(card.days).toBe(days);
    // GoodsCardVIP.vue switches on order.product_id (0 year, 1 season, 2 month) for the card's figures
    expect([r.json.product_id ?? 0, r.json.vip_card_id]).toEqual([type, card.id]);
    const got = await pro("GET", `/api/v1/order?order_no=${r.json.order_no}`, undefined, buyer);
    expect([got.json.product_id ?? 0, got.json.vip_card_id]).toEqual([type, card.id]);
    const mine = await pro("GET", "/api/v1/user/vip/order?page=1&size=10", undefined, buyer);
    const listed = (mine.json.order as Json[]).find((o) => o.order_no === r.json.order_no);
    expect([listed?.product_id ?? 0, listed?.vip_card_id]).toEqual([type, card.id]);
  });

  test("a type without a card on sale, or no type, is a 400/404 with the reason; our card ids still buy", async () => {
    const bad = await pro("POST", "/api/v1/order", '{"order_type":2,"product_id":3}', buyer);
    expect([bad.status, bad.json.message]).toEqual([400, "VIP卡类型不正确，可选：0 年卡、1 季卡、2 月卡"]);
    const month = (await cards()).find((c) => c.type === 2) as Card;
    await rest(stack.url, "PUT", "/api/v1/vip/card", { ...month, enable: false }, admin);
    const none = await pro("POST", "/api/v1/order", '{"order_type":2,"product_id":2}', buyer);
    expect([none.status, none.json.message]).toEqual([404, "该类型的VIP卡暂未开售"]);
    await rest(stack.url, "PUT", "/api/v1/vip/card", { ...month, enable: true }, admin);

    // our web app names the card: vip_card_id (card ids and types overlap from 1 on)
    const season = (await cards()).find((c) => c.type === 1) as Card;
    const ours = await rest(stack.url, "POST", "/api/v1/order", { order_type: 2, vip_card_id: season.id }, buyer);
    expect([ours.status, ours.json.product_name]).toEqual([200, "VIP会员-季卡"]);
  });
});
