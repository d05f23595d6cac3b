// The operator's "check WeChat Pay" (GET /api/v1/wechatpay/cert, ConfigAPI.GetWechatPayCert → the
// order service's OrderInternalAPI.CheckWechatPay) through the whole stack, against a LOCAL STAND-IN
// of the WeChat Pay v3 API (generated keys, self-signed platform certificates: the real one cannot
// run here). The site is configured through the admin config API as an operator would; each check
// reads the settings as just saved.
import type { KeyObject } from "node:crypto";
import { startWechatPayStandIn, type WechatPayStandIn } from "@wenku/testkit/payments";
import { loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let wechat: WechatPayStandIn;
let admin: string;
const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);
const privatePem = (k: KeyObject) => k.export({ type: "pkcs8", format: "pem" }) as string;
const check = () => call("GET", "/api/v1/wechatpay/cert", undefined, admin);

async function save(values: Record<string, string>) {
  const config = Object.entries(values).map(([name, value]) => ({ category: "wechatpay", name, value }));
  const saved = await call("PUT", "/api/v1/config", { config }, admin);
  expect([saved.status, saved.json.message]).toEqual([200, undefined]);
}

beforeAll(async () => {
  [stack, wechat] = await Promise.all([startTestStack(), startWechatPayStandIn()]);
  admin = await loginAdmin(stack.url);
}, 60_000);
afterAll(async () => {
  await Promise.all([stack.stop(), wechat.close()]);
});

test("visitor 401, plain user 403", async () => {
  expect((await call("GET", "/api/v1/wechatpay/cert")).status).toBe(401);
  const user = await registerUser(stack.url, "wechatcheckuser");
  const r = await call("GET", "/api/v1/wechatpay/cert", undefined, user.token);
  expect([r.status, r.json.message]).toEqual([403, "您没有权限执行该操作"]);
});

test("WeChat Pay off, then incomplete: 400 naming what is missing", async () => {
  const off = await check();
  expect([off.status, off.json.message]).toEqual([400, expect.stringContaining("微信支付未开启")]);
  await save({ enable: "true", app_id: wechat.appId, base_url: wechat.baseUrl });
  const incomplete = await check();
  expect([incomplete.status, incomplete.json.message]).toEqual([
    400,
    "微信支付设置不完整，请填写：微信支付商户号、商户证书序列号、APIv3 密钥、商户私钥",
  ]);
});

test("configured: the newest platform certificate's serial and validity, downloaded at each check", async () => {
  await save({
    enable: "true",
    app_id: wechat.appId,
    mch_id: wechat.mchId,
    serial_no: wechat.merchantSerial,
    api_v3_key: wechat.apiV3Key,
    private_key: privatePem(wechat.merchantKeys.privateKey),
    base_url: wechat.baseUrl,
  });
  const before = wechat.certificateDownloads;
  const r = await check();
  expect([r.status, r.json.serial_no]).toEqual([200, wechat.current().serial]);
  const from = new Date(r.json.effective_at as string);
  const to = new Date(r.json.expired_at as string);
  expect(from < new Date() && new Date() < to).toBe(true);
  expect(wechat.certificateDownloads).toBe(before + 1);

  const rotated = wechat.rotate({
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date("2031-06-01T00:00:00Z"),
  });
  const again = await check();
  expect([again.status, again.json.serial_no, again.json.expired_at]).toEqual([
    200,
    rotated.serial,
    "2031-06-01T00:00:00Z",
  ]);
  expect(wechat.certificateDownloads).toBe(before + 2);
});

test("the platform refusing the merchant's keys: a clear 400 with the platform's error, then fine again", async () => {
  await save({ serial_no: "0000000000000000000000000000000000000000" });
  const refused = await check();
  expect([refused.status, refused.json.message]).toEqual([
    400,
    expect.stringContaining("微信支付返回：SIGN_ERROR：商户证书序列号有误"),
  ]);
  await save({ serial_no: wechat.merchantSerial, api_v3_key: "0123456789abcdef0123456789abcdef" });
  const undecryptable = await check();
  expect([undecryptable.status, undecryptable.json.message]).toEqual([
    400,
    "微信支付平台证书无法用 APIv3 密钥解密，请检查 APIv3 密钥",
  ]);
  await save({ api_v3_key: wechat.apiV3Key });
  expect((await check()).status).toBe(200);
});

// Last: the stand-in signs with the public key from now on.
test("public key mode: the public key's id, no dates", async () => {
  const key = wechat.usePublicKey();
  wechat.certificatesServed = false;
  await save({ public_key: key.pem, public_key_id: key.serial });
  const r = await check();
  expect([r.status, r.json]).toEqual([200, { serial_no: key.serial }]);
});
