// WeChat Pay's public key mode (微信支付公钥: a configured platform public key and its PUB_KEY_ID_…
// id instead of downloaded certificates) against a LOCAL STAND-IN of the WeChat Pay API: the real
// platform cannot run here. New merchants have no certificates to download, so nothing may be.
import { generateKeyPairSync } from "node:crypto";
import { type PlatformIdentity, startWechatPayStandIn, type WechatPayStandIn } from "@wenku/testkit/payments";
import { standInSettings } from "../../../test/wechatpay.settings.js";
import type { PaymentRequest, WechatPaySettings } from "../provider.js";
import { createWechatPayProvider } from "./wechatpay.provider.js";

let stand: WechatPayStandIn;
let publicKey: PlatformIdentity;
beforeAll(async () => {
  stand = await startWechatPayStandIn();
  publicKey = stand.usePublicKey(); // from here on the stand-in signs under PUB_KEY_ID_…
});
afterAll(() => stand.close());
afterEach(() => {
  stand.server.fault = undefined;
  stand.certificatesServed = true;
});

const settings = (over: Partial<WechatPaySettings> = {}) =>
  standInSettings(stand, { publicKey: publicKey.pem, publicKeyId: publicKey.serial, ...over });

let seq = 0;
const request = (): PaymentRequest => ({
  orderNo: `P${Date.now()}${++seq}`,
  amountCents: 500,
  subject: "充值 500 积分",
  notifyUrl: "https://wenku.example/callback/wechatpay",
  returnUrl: "/order",
  clientIp: "203.0.113.9",
  expiresAt: new Date(Date.now() + 600_000),
  mobile: false,
});

test("a merchant with only the public key: answers, notifies and queries verify; no certificate is downloaded", async () => {
  stand.certificatesServed = false;
  const downloads = stand.certificateDownloads;
  expect(publicKey.serial).toMatch(/^PUB_KEY_ID_\d+$/);
  const p = createWechatPayProvider(settings());
  const req = request();
  expect((await p.start(req)).qrcode).toMatch(/^weixin:\/\//);
  const paid = stand.pay(req.orderNo);
  expect(paid.headers["wechatpay-serial"]).toBe(publicKey.serial);
  expect(await p.verifyNotify(paid)).toMatchObject({ orderNo: req.orderNo, amountCents: 500, paid: true });
  expect(await p.query?.(req.orderNo)).toMatchObject({ orderNo: req.orderNo, paid: true });
  // The bare base64 body of the key, as some consoles show it, works as well.
  const bare = publicKey.pem.replace(/-----[A-Z ]+-----|\s/g, "");
  await expect(createWechatPayProvider(settings({ publicKey: bare })).verifyNotify(paid)).resolves.toMatchObject({
    paid: true,
  });
  expect(stand.certificateDownloads).toBe(downloads);
});

test("forged notifies: another key under the configured id, an unknown PUB_KEY_ID, a tampered body → refused, no download", async () => {
  stand.certificatesServed = false;
  const downloads = stand.certificateDownloads;
  const p = createWechatPayProvider(settings());
  const req = request();
  await p.start(req);
  const forger = {
    serial: publicKey.serial,
    privateKey: generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey,
  };
  await expect(p.verifyNotify(stand.notify(req.orderNo, { signer: forger }))).rejects.toMatchObject({
    reason: "wechatpay notify: bad signature",
  });
  const unknownId = { ...publicKey, serial: "PUB_KEY_ID_0199999999999999999999999999" };
  await expect(p.verifyNotify(stand.notify(req.orderNo, { signer: unknownId }))).rejects.toMatchObject({
    reason: "wechatpay notify: unknown platform certificate PUB_KEY_ID_0199999999999999999999999999",
  });
  const honest = stand.pay(req.orderNo);
  const text = Buffer.from(honest.body).toString("utf8").replace("支付成功", "支付失败");
  await expect(p.verifyNotify({ ...honest, body: new TextEncoder().encode(text) })).rejects.toMatchObject({
    reason: "wechatpay notify: bad signature",
  });
  // Answers signed with another key under the configured id are a platform failure, not trusted.
  stand.server.fault = "badsign";
  await expect(p.start(request())).rejects.toMatchObject({ kind: "unavailable" });
  expect(stand.certificateDownloads).toBe(downloads);
});

test("switching modes: with the public key configured, certificate-signed messages still verify, then PUB_KEY_ID ones", async () => {
  const certificate = stand.served[0] as PlatformIdentity;
  const downloads = stand.certificateDownloads;
  const p = createWechatPayProvider(settings());
  const first = request();
  await p.start(first); // answered under the public key id
  // A notify still signed with the platform certificate (WeChat may send either while switching).
  expect(await p.verifyNotify(stand.notify(first.orderNo, { signer: certificate }))).toMatchObject({ paid: false });
  expect(stand.certificateDownloads).toBe(downloads + 1);
  expect(await p.verifyNotify(stand.pay(first.orderNo))).toMatchObject({ paid: true });
  expect(stand.certificateDownloads).toBe(downloads + 1);
});

test("public key settings: both or neither, an id in the PUB_KEY_ID_ form, an RSA public key", () => {
  const refused = (over: Partial<WechatPaySettings>) => {
    try {
      createWechatPayProvider(settings(over));
    } catch (err) {
      return [(err as { kind: string }).kind, (err as Error).message];
    }
    return undefined;
  };
  expect(refused({ publicKeyId: "" })).toEqual([
    "failed_precondition",
    "微信支付公钥和公钥 ID 须同时填写，请检查支付设置",
  ]);
  expect(refused({ publicKey: " " })).toEqual([
    "failed_precondition",
    "微信支付公钥和公钥 ID 须同时填写，请检查支付设置",
  ]);
  expect(refused({ publicKeyId: "5157F09EFDC096DE15EBE81A47057A72" })).toEqual([
    "failed_precondition",
    "微信支付公钥 ID 应为 PUB_KEY_ID_ 开头，请检查支付设置",
  ]);
  expect(refused({ publicKey: "not a key" })).toEqual(["failed_precondition", "微信支付公钥无效，请检查支付设置"]);
  expect(refused({ publicKey: "", publicKeyId: "" })).toBeUndefined(); // certificate mode
  expect(refused({})).toBeUndefined();
});
