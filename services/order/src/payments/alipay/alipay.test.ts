// Alipay provider end to end against a LOCAL STAND-IN of the Alipay gateway (alipay.standin.ts,
// locally generated RSA keys): the real platform cannot run here.
import { DomainError } from "@wenku/kit";
import { PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import { type AlipayStandIn, startAlipayStandIn } from "@wenku/testkit/payments";
import { NotifyRejected, type PaymentProvider, type PaymentRequest, type RawNotify } from "../provider.js";
import { alipayFactory } from "./alipay.factory.js";
import { centsToYuan, signedSubstring, yuanToCents } from "./alipay.protocol.js";
import { ALIPAY_GATEWAY, ALIPAY_SANDBOX_GATEWAY, alipayGateway, createAlipayProvider } from "./alipay.provider.js";

let stand: AlipayStandIn;
let provider: PaymentProvider;

const pem = (k: { export(o: object): string | Buffer }, type: string, format = "pem") => k.export({ type, format });
const bare = (k: { export(o: object): string | Buffer }, type: string) =>
  (k.export({ type, format: "der" }) as Buffer).toString("base64");

function settings(over: Partial<Parameters<typeof createAlipayProvider>[0]> = {}) {
  return {
    enable: true,
    appId: stand.appId,
    privateKey: pem(stand.appKeys.privateKey, "pkcs8") as string,
    publicKey: bare(stand.alipayKeys.publicKey, "spki"), // as Alipay's console shows it
    sandbox: false,
    gatewayUrl: stand.gatewayUrl,
    ...over,
  };
}

const request = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
  orderNo: `T${Date.now()}${Math.floor(Math.random() * 1e6)}`,
  amountCents: 1234,
  subject: "充值 100 积分",
  notifyUrl: "https://wenku.example/callback/alipay",
  returnUrl: "https://wenku.example/order?order_no=1",
  clientIp: "203.0.113.9",
  expiresAt: new Date("2026-11-25T04:30:00Z"),
  mobile: false,
  ...over,
});

/** Starts paying and opens the URL on the stand-in, as the browser would. */
async function opened(req: PaymentRequest) {
  const start = await provider.start(req);
  const res = await fetch(start.paymentUrl ?? "");
  expect([res.status, await res.text()]).toEqual([200, "<html>支付宝收银台</html>"]);
  return new URL(start.paymentUrl ?? "");
}

function tamper(raw: RawNotify, from: string, to: string): RawNotify {
  const body = Buffer.from(raw.body).toString("utf8");
  expect(body).toContain(from);
  return { ...raw, body: new TextEncoder().encode(body.replace(from, to)) };
}

beforeAll(async () => {
  stand = await startAlipayStandIn();
  provider = createAlipayProvider(settings(), { now: () => new Date("2026-11-25T03:00:00Z") });
});
afterAll(() => stand.close());
afterEach(() => {
  stand.server.fault = undefined;
});

describe("alipay money", () => {
  test("cents ↔ yuan strings exactly, refusing what is not an amount", () => {
    expect([centsToYuan(1), centsToYuan(1234), centsToYuan(100000)]).toEqual(["0.01", "12.34", "1000.00"]);
    expect([centsToYuan(0), centsToYuan(-5), centsToYuan(1.5), centsToYuan(Number.NaN)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect([yuanToCents("12.34"), yuanToCents("12.3"), yuanToCents("12"), yuanToCents("0.01")]).toEqual([
      1234, 1230, 1200, 1,
    ]);
    for (const bad of ["12.345", "-1.00", "1e3", "abc", "", " 1.00", "01.00", "1.", ".5", "0x10", undefined]) {
      expect([bad, yuanToCents(bad)]).toEqual([bad, undefined]);
    }
  });

  test("the signed substring is the exact JSON text of the response object, strings and nesting respected", () => {
    const inner = '{"a":"x}{\\"y","b":{"c":[1,{"d":2}]}}';
    expect(signedSubstring(`{"r" : ${inner},"sign":"s"}`, "r")).toBe(inner);
    expect(signedSubstring('{"r":[1]}', "r")).toBeUndefined();
    expect(signedSubstring('{"r":{"a":1', "r")).toBeUndefined();
  });
});

describe("alipay provider against a local stand-in of the Alipay gateway", () => {
  test("names itself and picks the production, sandbox or configured gateway", async () => {
    expect([provider.name, provider.method]).toEqual(["alipay", PayMethod.ALIPAY]);
    const live = createAlipayProvider(settings({ gatewayUrl: undefined }));
    const sandbox = createAlipayProvider(settings({ gatewayUrl: undefined, sandbox: true }));
    expect((await live.start(request())).paymentUrl?.startsWith(`${ALIPAY_GATEWAY}?`)).toBe(true);
    expect((await sandbox.start(request())).paymentUrl?.startsWith(`${ALIPAY_SANDBOX_GATEWAY}?`)).toBe(true);
    // alipay.gateway_url: its default (production) or empty follows the sandbox switch; any other wins.
    expect(alipayGateway({ gatewayUrl: ALIPAY_GATEWAY, sandbox: true })).toBe(ALIPAY_SANDBOX_GATEWAY);
    expect(alipayGateway({ gatewayUrl: "", sandbox: false })).toBe(ALIPAY_GATEWAY);
    expect(alipayGateway({ gatewayUrl: `${ALIPAY_GATEWAY}/`, sandbox: false })).toBe(ALIPAY_GATEWAY);
    expect(alipayGateway({ gatewayUrl: stand.gatewayUrl, sandbox: true })).toBe(stand.gatewayUrl);
  });

  test("desktop: a signed alipay.trade.page.pay URL the gateway accepts", async () => {
    const req = request();
    const url = await opened(req);
    const q = url.searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      app_id: stand.appId,
      method: "alipay.trade.page.pay",
      charset: "utf-8",
      sign_type: "RSA2",
      timestamp: "2026-11-25 11:00:00",
      notify_url: req.notifyUrl,
      return_url: req.returnUrl,
    });
    expect(JSON.parse(q.get("biz_content") ?? "")).toEqual({
      out_trade_no: req.orderNo,
      total_amount: "12.34",
      subject: "充值 100 积分",
      product_code: "FAST_INSTANT_TRADE_PAY",
      time_expire: "2026-11-25 12:30:00",
    });
    expect(stand.trades.get(req.orderNo)?.status).toBe("WAIT_BUYER_PAY");
  });

  test("mobile: alipay.trade.wap.pay with QUICK_WAP_WAY; a PKCS#1 app key works too", async () => {
    const pkcs1 = createAlipayProvider(settings({ privateKey: pem(stand.appKeys.privateKey, "pkcs1") as string }));
    const req = request({ mobile: true, amountCents: 5, subject: "a/b=c&d" });
    provider = pkcs1;
    try {
      const biz = JSON.parse((await opened(req)).searchParams.get("biz_content") ?? "");
      expect(biz).toMatchObject({ product_code: "QUICK_WAP_WAY", total_amount: "0.05", subject: "a b c d" });
      expect(stand.trades.get(req.orderNo)?.method).toBe("alipay.trade.wap.pay");
    } finally {
      provider = createAlipayProvider(settings(), { now: () => new Date("2026-11-25T03:00:00Z") });
    }
  });

  test("a request signed with another key is refused by the gateway", async () => {
    const other = createAlipayProvider(settings({ privateKey: pem(stand.alipayKeys.privateKey, "pkcs8") as string }));
    const res = await fetch((await other.start(request())).paymentUrl ?? "");
    expect(await res.text()).toContain("isv.invalid-signature");
  });

  test("refuses an amount Alipay cannot take and keys that do not parse", async () => {
    await expect(provider.start(request({ amountCents: 0 }))).rejects.toMatchObject({ kind: "invalid_argument" });
    await expect(provider.start(request({ amountCents: 12.5 }))).rejects.toMatchObject({ kind: "invalid_argument" });
    expect(() => createAlipayProvider(settings({ privateKey: "garbage" }))).toThrow(DomainError);
    expect(() => createAlipayProvider(settings({ publicKey: "bm90IGEga2V5" }))).toThrow("支付宝公钥无效");
  });

  test("a paid notify from the stand-in verifies and maps to cents; the replies are Alipay's words", async () => {
    const req = request({ amountCents: 9999 });
    await opened(req);
    const got = await provider.verifyNotify(stand.pay(req.orderNo));
    expect(got).toMatchObject({ orderNo: req.orderNo, amountCents: 9999, paid: true });
    expect(got.tradeNo).toBe(stand.trades.get(req.orderNo)?.tradeNo);
    expect(got.paidAt).toBeInstanceOf(Date);
    expect(provider.notifyReply(true)).toEqual({
      status: 200,
      contentType: "text/plain; charset=utf-8",
      body: "success",
    });
    expect(provider.notifyReply(false).body).toBe("fail");
    const waiting = await provider.verifyNotify(stand.notify(req.orderNo, { trade_status: "WAIT_BUYER_PAY" }));
    expect(waiting.paid).toBe(false);
    // signed parameters named like Object.prototype's members are parameters, not duplicates
    const odd = await provider.verifyNotify(stand.notify(req.orderNo, { constructor: "x", toString: "y" }));
    expect(odd).toMatchObject({ orderNo: req.orderNo, amountCents: 9999 });
  });

  test("tampered, re-signed with a wrong key, foreign or malformed notifies are NotifyRejected", async () => {
    const req = request({ amountCents: 1000 });
    await opened(req);
    const good = stand.pay(req.orderNo);
    const wrongKey = stand.appKeys.privateKey;
    const cases: RawNotify[] = [
      tamper(good, "total_amount=10.00", "total_amount=0.01"),
      tamper(good, "trade_status=TRADE_SUCCESS", "trade_status=TRADE_FINISHED"),
      tamper(good, "sign=", "sign=AAAA"),
      tamper(good, "sign_type=RSA2", "sign_type=RSA"),
      { ...good, body: new TextEncoder().encode(`${Buffer.from(good.body).toString("utf8")}&total_amount=0.01`) },
      stand.notify(req.orderNo, {}, wrongKey),
      stand.notify(req.orderNo, { app_id: "2021000000009999" }),
      stand.notify(req.orderNo, { total_amount: "10.001" }),
      stand.notify(req.orderNo, { total_amount: "-10.00" }),
      stand.notify(req.orderNo, { total_amount: "ten" }),
      stand.notify(req.orderNo, { out_trade_no: "" }),
      { headers: {}, body: new Uint8Array(), query: "" },
    ];
    for (const raw of cases) await expect(provider.verifyNotify(raw)).rejects.toBeInstanceOf(NotifyRejected);
    await expect(provider.verifyNotify(good)).resolves.toMatchObject({ amountCents: 1000 });
  });

  test("query(): unknown trade → undefined, waiting → unpaid, paid → paid with cents", async () => {
    const req = request({ amountCents: 1 });
    expect(await provider.query?.(req.orderNo)).toBeUndefined();
    await opened(req);
    expect(await provider.query?.(req.orderNo)).toMatchObject({ orderNo: req.orderNo, paid: false, amountCents: 1 });
    stand.pay(req.orderNo);
    const paid = await provider.query?.(req.orderNo);
    expect(paid).toMatchObject({ orderNo: req.orderNo, paid: true, amountCents: 1 });
    expect(paid?.paidAt).toBeInstanceOf(Date);
  });

  test("platform 500, a hang past the deadline, a badly signed answer or a refused request → unavailable", async () => {
    const quick = createAlipayProvider(settings(), { timeoutMs: 300 });
    const req = request();
    await opened(req);
    const unavailable = { kind: "unavailable", message: expect.stringMatching(/^支付宝/) };
    for (const fault of ["http500", "hang", "badsign"] as const) {
      stand.server.fault = fault;
      await expect(quick.query?.(req.orderNo)).rejects.toMatchObject(unavailable);
    }
    stand.server.fault = undefined;
    const foreign = createAlipayProvider(settings({ appId: "2021000000009999" }));
    await expect(foreign.query?.(req.orderNo)).rejects.toMatchObject(unavailable);
    const closed = createAlipayProvider(settings({ gatewayUrl: "http://127.0.0.1:9/gateway.do" }));
    await expect(closed.query?.(req.orderNo)).rejects.toMatchObject({
      kind: "unavailable",
      message: "支付宝暂时无法连接，请稍后再试",
    });
  });

  test("the registry builds Alipay only when it is switched on and configured", () => {
    const pay = (over: Partial<ReturnType<typeof settings>>) => ({
      alipay: settings(over),
      wechatpay: { enable: false, appId: "", mchId: "", serialNo: "", apiV3Key: "", privateKey: "" },
      sandbox: { enable: false },
    });
    const ctx = { internalToken: "t" };
    expect(alipayFactory.build(pay({}), ctx)?.name).toBe("alipay");
    expect(alipayFactory.build(pay({ enable: false }), ctx)).toBeUndefined();
    expect(alipayFactory.build(pay({ privateKey: "" }), ctx)).toBeUndefined();
    expect(alipayFactory.method).toBe(PayMethod.ALIPAY);
  });
});
