// The operator's "check WeChat Pay" against a LOCAL STAND-IN of the WeChat Pay v3 API, through the
// real registry: the certificates are downloaded at each check and the newest answered; public key
// mode answers the key's id; off or incomplete settings, and the platform refusing the merchant's
// keys, are failed_precondition with a message saying what to fix.
import { DomainError } from "@wenku/kit";
import { startWechatPayStandIn, type WechatPayStandIn } from "@wenku/testkit/payments";
import { standInSettings } from "../../test/wechatpay.settings.js";
import type { PaySettings, WechatPaySettings } from "./provider.js";
import { createProviderRegistry } from "./registry.js";
import { createWechatPayCheck, missingWechatSettings } from "./wechatpay.check.js";

let stand: WechatPayStandIn;
beforeAll(async () => {
  stand = await startWechatPayStandIn();
});
afterAll(() => stand.close());
afterEach(() => {
  stand.server.fault = undefined;
});

const wechat = (over: Partial<WechatPaySettings> = {}) => standInSettings(stand, over);

/** A check over one registry, with these WeChat Pay settings saved. */
function checkWith(over: Partial<WechatPaySettings> = {}) {
  const pay: PaySettings = {
    alipay: { enable: false, appId: "", privateKey: "", publicKey: "", sandbox: false },
    wechatpay: wechat(over),
    sandbox: { enable: false },
  };
  return createWechatPayCheck({
    providers: createProviderRegistry({ internalToken: "t" }),
    paySettings: async () => pay,
  });
}

async function refusal(check: () => Promise<unknown>): Promise<[string, string]> {
  const err = await check().then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(err)}`);
  return [err.kind, err.message];
}

test("certificate mode: each check downloads now and answers the newest certificate's serial and validity", async () => {
  const check = checkWith();
  const first = stand.current();
  const before = stand.certificateDownloads;
  const found = await check();
  expect(found.serial).toBe(first.serial);
  expect(found.notBefore && found.notAfter && found.notBefore < new Date() && new Date() < found.notAfter).toBe(true);
  await check();
  expect(stand.certificateDownloads).toBe(before + 2);

  const validity = { notBefore: new Date(Date.now() - 3600_000), notAfter: new Date("2031-01-01T00:00:00Z") };
  const rotated = stand.rotate(validity);
  const again = await check();
  expect(stand.served.map((c) => c.serial)).toContain(first.serial);
  expect([again.serial, again.notBefore?.getTime(), again.notAfter?.toISOString()]).toEqual([
    rotated.serial,
    Math.floor(validity.notBefore.getTime() / 1000) * 1000,
    "2031-01-01T00:00:00.000Z",
  ]);
});

test("off or incomplete: failed_precondition naming what to fill in", async () => {
  expect(await refusal(checkWith({ enable: false }))).toEqual([
    "failed_precondition",
    expect.stringContaining("未开启"),
  ]);
  const [kind, message] = await refusal(checkWith({ mchId: " ", apiV3Key: "" }));
  expect([kind, message]).toEqual(["failed_precondition", "微信支付设置不完整，请填写：微信支付商户号、APIv3 密钥"]);
  expect(missingWechatSettings(wechat())).toEqual([]);
  expect(await refusal(checkWith({ apiV3Key: "short" }))).toEqual([
    "failed_precondition",
    expect.stringContaining("32"),
  ]);
});

test("the platform refusing the merchant's keys: its own error text, never a crash", async () => {
  expect(await refusal(checkWith({ mchId: "1900000999" }))).toEqual([
    "failed_precondition",
    expect.stringContaining("微信支付返回：SIGN_ERROR：商户证书序列号有误"),
  ]);
  const other = stand.stranger().privateKey.export({ type: "pkcs8", format: "pem" }) as string;
  expect(await refusal(checkWith({ privateKey: other }))).toEqual([
    "failed_precondition",
    expect.stringContaining("SIGN_ERROR：签名错误"),
  ]);
  expect(await refusal(checkWith({ apiV3Key: "0123456789abcdef0123456789abcdef" }))).toEqual([
    "failed_precondition",
    "微信支付平台证书无法用 APIv3 密钥解密，请检查 APIv3 密钥",
  ]);
  stand.server.fault = "http500";
  expect(await refusal(checkWith())).toEqual(["unavailable", "微信支付返回：HTTP 500，请稍后再试"]);
  stand.server.fault = undefined;
  stand.certificatesServed = false;
  expect(await refusal(checkWith())).toEqual([
    "failed_precondition",
    expect.stringContaining("NOT_FOUND：无可用的平台证书"),
  ]);
  stand.certificatesServed = true;
});

// Last: usePublicKey is for good (the stand-in signs with the public key from then on).
test("public key mode: the key's id, no dates, no download", async () => {
  const key = stand.usePublicKey();
  const before = stand.certificateDownloads;
  expect(await checkWith({ publicKey: key.pem, publicKeyId: key.serial })()).toEqual({ serial: key.serial });
  expect(stand.certificateDownloads).toBe(before);
});
