// WeChat Pay v3 provider end to end against a LOCAL STAND-IN of the WeChat Pay API
// (wechatpay.standin.ts: generated keys, self-signed platform certificates): the real platform
// cannot run here.
import { PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import { startWechatPayStandIn, type WechatPayStandIn } from "@wenku/testkit/payments";
import { standInSettings } from "../../../test/wechatpay.settings.js";
import { NotifyRejected, type PaymentRequest, type RawNotify, type WechatPaySettings } from "../provider.js";
import { wechatpayFactory } from "./wechatpay.factory.js";
import { createWechatPayProvider, type WechatPayOptions } from "./wechatpay.provider.js";

let stand: WechatPayStandIn;
let skewMs = 0;
const now = () => new Date(Date.now() + skewMs);

const settings = (over: Partial<WechatPaySettings> = {}) => standInSettings(stand, over);
const provider = (over: Partial<WechatPaySettings> = {}, opts: WechatPayOptions = {}) =>
  createWechatPayProvider(settings(over), { now, ...opts });

let seq = 0;
const request = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
  orderNo: `W${Date.now()}${++seq}`,
  amountCents: 1234,
  subject: "购买文档《三体》",
  notifyUrl: "https://wenku.example/callback/wechatpay",
  returnUrl: "https://wenku.example/order?order_no=1",
  clientIp: "203.0.113.9",
  expiresAt: new Date("2026-11-25T04:30:00Z"),
  mobile: false,
  ...over,
});

function tamperBody(raw: RawNotify, from: string, to: string): RawNotify {
  const body = Buffer.from(raw.body).toString("utf8");
  expect(body).toContain(from);
  return { ...raw, body: new TextEncoder().encode(body.replace(from, to)) };
}

beforeAll(async () => {
  stand = await startWechatPayStandIn();
});
afterAll(() => stand.close());
afterEach(() => {
  stand.server.fault = undefined;
  skewMs = 0;
});

describe("wechatpay provider against a local stand-in of the WeChat Pay v3 API", () => {
  test("desktop: Native pay with a signed request → the code_url as QR code; certificates downloaded once", async () => {
    const p = provider();
    expect([p.name, p.method]).toEqual(["wechatpay", PayMethod.WECHAT]);
    const req = request();
    const downloads = stand.certificateDownloads;
    const start = await p.start(req);
    expect(start.qrcode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(start.paymentUrl).toBeUndefined();
    expect(stand.transactions.get(req.orderNo)?.request).toEqual({
      appid: stand.appId,
      mchid: stand.mchId,
      description: "购买文档《三体》",
      out_trade_no: req.orderNo,
      time_expire: "2026-11-25T12:30:00+08:00",
      notify_url: req.notifyUrl,
      amount: { total: 1234, currency: "CNY" },
    });
    await p.start(request());
    expect(stand.certificateDownloads).toBe(downloads + 1);
  });

  test("mobile: H5 pay with the payer's IP → h5_url with redirect_url back to us", async () => {
    const req = request({ mobile: true, amountCents: 1 });
    const start = await provider().start(req);
    const url = new URL(start.paymentUrl ?? "");
    expect(url.origin).toBe("https://wx.tenpay.com");
    expect(url.searchParams.get("redirect_url")).toBe(req.returnUrl);
    expect(stand.transactions.get(req.orderNo)?.request.scene_info).toEqual({
      payer_client_ip: "203.0.113.9",
      h5_info: { type: "Wap" },
    });
    await expect(provider().start(request({ mobile: true, clientIp: "" }))).rejects.toMatchObject({
      kind: "invalid_argument",
    });
    await expect(provider().start(request({ amountCents: -1 }))).rejects.toMatchObject({ kind: "invalid_argument" });
  });

  test("a paid notify from the stand-in verifies, decrypts and maps fen to cents; the replies are WeChat's", async () => {
    const p = provider();
    const req = request({ amountCents: 888 });
    await p.start(req);
    const got = await p.verifyNotify(stand.pay(req.orderNo));
    expect(got).toMatchObject({ orderNo: req.orderNo, amountCents: 888, paid: true });
    expect(got.tradeNo).toBe(stand.transactions.get(req.orderNo)?.transaction_id);
    expect(got.paidAt).toBeInstanceOf(Date);
    expect(p.notifyReply(true)).toEqual({ status: 200, contentType: "application/json", body: '{"code":"SUCCESS"}' });
    expect(p.notifyReply(false)).toMatchObject({ status: 500, body: expect.stringContaining('"code":"FAIL"') });
  });

  test("tampered, foreign, expired, undecryptable or unknown-certificate notifies are NotifyRejected", async () => {
    const p = provider();
    const req = request({ amountCents: 500 });
    await p.start(req);
    const good = stand.pay(req.orderNo);
    const h = good.headers;
    const cases: RawNotify[] = [
      tamperBody(good, '"summary":"支付成功"', '"summary":"支付成功 "'),
      { ...good, headers: { ...h, "wechatpay-signature": otherFirstChar(h["wechatpay-signature"] ?? "") } },
      { ...good, headers: { ...h, "wechatpay-nonce": "other" } },
      { ...good, headers: { ...h, "wechatpay-timestamp": String(Number(h["wechatpay-timestamp"]) + 1) } },
      { ...good, headers: { ...h, "wechatpay-serial": "" } },
      stand.notify(req.orderNo, { overrides: { mchid: "1900000999" } }),
      stand.notify(req.orderNo, { overrides: { appid: "wx0000000000000000" } }),
      stand.notify(req.orderNo, { overrides: { amount: { total: 1.5 } } }),
      stand.notify(req.orderNo, { overrides: { amount: { total: "500" } } }),
      stand.notify(req.orderNo, { overrides: { out_trade_no: "" } }),
      stand.notify(req.orderNo, { apiV3Key: "0123456789abcdef0123456789abcdef" }),
      stand.notify(req.orderNo, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      stand.notify(req.orderNo, { signer: stand.stranger() }),
      { headers: {}, body: new Uint8Array(), query: "" },
    ];
    for (const raw of cases) await expect(p.verifyNotify(raw)).rejects.toBeInstanceOf(NotifyRejected);
    // The platform's clock may be ahead of ours too: 5 minutes either way.
    skewMs = -290_000;
    await expect(p.verifyNotify(good)).resolves.toMatchObject({ amountCents: 500 });
  });

  test("an unknown serial refreshes the certificates at most once a minute; a rotated certificate is picked up", async () => {
    const p = provider();
    const req = request();
    await p.start(req); // the first download
    const before = stand.certificateDownloads;
    const stranger = stand.stranger();
    const foreign = () => p.verifyNotify(stand.notify(req.orderNo, { signer: stranger }));
    await expect(foreign()).rejects.toThrow(/unknown platform certificate/); // within a minute of the download
    expect(stand.certificateDownloads).toBe(before);
    skewMs = 61_000;
    for (let i = 0; i < 5; i++) await expect(foreign()).rejects.toThrow(/unknown platform certificate/);
    expect(stand.certificateDownloads).toBe(before + 1);
    stand.rotate();
    await expect(p.verifyNotify(stand.pay(req.orderNo))).rejects.toBeInstanceOf(NotifyRejected); // WeChat retries later
    skewMs = 122_000;
    await expect(p.verifyNotify(stand.notify(req.orderNo))).resolves.toMatchObject({ paid: true });
    expect(stand.certificateDownloads).toBe(before + 2);
    await expect(p.query?.(req.orderNo)).resolves.toMatchObject({ paid: true }); // answers signed by the new one
    expect(stand.certificateDownloads).toBe(before + 2);
  });

  test("certificates given up front are trusted without a download", async () => {
    const p = provider({}, { platformCertificates: stand.served.map((c) => c.pem) });
    const before = stand.certificateDownloads;
    await p.start(request());
    expect(stand.certificateDownloads).toBe(before);
    expect(() => provider({}, { platformCertificates: ["not a certificate"] })).toThrow("微信支付平台证书无效");
  });

  test("query(): unknown → undefined, unpaid → not paid, paid → paid with fen", async () => {
    const p = provider();
    const req = request({ amountCents: 77 });
    expect(await p.query?.(req.orderNo)).toBeUndefined();
    await p.start(req);
    expect(await p.query?.(req.orderNo)).toMatchObject({ orderNo: req.orderNo, paid: false, amountCents: 77 });
    stand.pay(req.orderNo);
    expect(await p.query?.(req.orderNo)).toMatchObject({ orderNo: req.orderNo, paid: true, amountCents: 77 });
  });

  test("platform 500, a hang past the deadline, badly signed or stale answers and refused requests → unavailable", async () => {
    const quick = provider({}, { timeoutMs: 300 });
    const req = request();
    await quick.start(req);
    const unavailable = { kind: "unavailable", message: expect.stringMatching(/^微信支付/) };
    for (const fault of ["http500", "hang", "badsign", "stale"] as const) {
      stand.server.fault = fault;
      await expect(quick.query?.(req.orderNo)).rejects.toMatchObject(unavailable);
      await expect(quick.start(request())).rejects.toMatchObject(unavailable);
    }
    stand.server.fault = undefined;
    const otherKey = stand.stranger().privateKey.export({ type: "pkcs1", format: "pem" }) as string;
    await expect(provider({ privateKey: otherKey }).start(request())).rejects.toMatchObject(unavailable);
    await expect(provider({ baseUrl: "http://127.0.0.1:9" }).start(request())).rejects.toMatchObject({
      kind: "unavailable",
      message: "微信支付暂时无法连接，请稍后再试",
    });
    expect(() => provider({ apiV3Key: "short" })).toThrow("APIv3");
  });

  test("the registry builds WeChat Pay only when it is switched on and configured", () => {
    const pay = (over: Partial<WechatPaySettings>) => ({
      alipay: { enable: false, appId: "", privateKey: "", publicKey: "", sandbox: false },
      wechatpay: settings(over),
      sandbox: { enable: false },
    });
    const ctx = { internalToken: "t" };
    expect(wechatpayFactory.build(pay({}), ctx)?.name).toBe("wechatpay");
    expect(wechatpayFactory.build(pay({ enable: false }), ctx)).toBeUndefined();
    expect(wechatpayFactory.build(pay({ serialNo: "" }), ctx)).toBeUndefined();
    expect(wechatpayFactory.method).toBe(PayMethod.WECHAT);
  });
});

/** The signature with its first character changed (one in 64 signatures already starts with "A"). */
function otherFirstChar(signature: string): string {
  return (signature.startsWith("A") ? "B" : "A") + signature.slice(1);
}
