// The provider registry builds a provider once per fingerprint of its settings: the settings cache
// hands out a new, equal object on every refresh, and that must not rebuild (WeChat Pay would
// download its platform certificates again); a changed setting rebuilds. WeChat Pay runs against
// its LOCAL STAND-IN (the real platform cannot run here).
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import { startWechatPayStandIn, type WechatPayStandIn } from "@wenku/testkit/payments";
import { standInSettings } from "../../test/wechatpay.settings.js";
import type { PaySettings, ProviderFactory } from "./provider.js";
import { createProviderRegistry, providerFactories, settingsFingerprint } from "./registry.js";
import { createSandboxProvider } from "./sandbox.js";

let stand: WechatPayStandIn;
beforeAll(async () => {
  stand = await startWechatPayStandIn();
});
afterAll(() => stand.close());

const pem = (k: KeyObject) => k.export({ type: "pkcs8", format: "pem" }) as string;

/** A fresh settings object as the settings cache would load it, `over` applied to WeChat Pay's part. */
function loaded(over: Partial<PaySettings["wechatpay"]> = {}, alipayAppId = "2021000000000001"): PaySettings {
  return {
    alipay: { enable: false, appId: alipayAppId, privateKey: "", publicKey: "", sandbox: false, gatewayUrl: "" },
    wechatpay: standInSettings(stand, over),
    sandbox: { enable: true },
  };
}

function startPayment(registry: ReturnType<typeof createProviderRegistry>, settings: PaySettings) {
  const p = registry.forMethod(PayMethod.WECHAT, settings);
  return p.start({
    orderNo: `R${Date.now()}${Math.random().toString().slice(2, 8)}`,
    amountCents: 100,
    subject: "充值",
    notifyUrl: "https://wenku.example/callback/wechatpay",
    returnUrl: "/order",
    clientIp: "203.0.113.9",
    expiresAt: new Date(Date.now() + 600_000),
    mobile: false,
  });
}

test("a refresh with unchanged settings reuses WeChat Pay (certificates downloaded once); a changed key rebuilds it", async () => {
  const registry = createProviderRegistry({ internalToken: "t" });
  const before = stand.certificateDownloads;
  const first = registry.forName("wechatpay", loaded());
  await startPayment(registry, loaded());
  await startPayment(registry, loaded());
  expect(registry.forName("wechatpay", loaded())).toBe(first);
  expect(registry.forMethod(PayMethod.WECHAT, loaded({}, "another alipay app"))).toBe(first); // not its settings
  expect(stand.certificateDownloads - before).toBe(1);

  const otherKey = pem(generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey);
  const rebuilt = registry.forName("wechatpay", loaded({ privateKey: otherKey }));
  expect(rebuilt).toBeDefined();
  expect(rebuilt).not.toBe(first);
  expect(registry.forName("wechatpay", loaded({ privateKey: otherKey }))).toBe(rebuilt);
  // Switched off: no provider; switched on again with the first settings: built anew.
  expect(registry.forName("wechatpay", loaded({ enable: false }))).toBeUndefined();
  const again = registry.forName("wechatpay", loaded());
  expect(again).not.toBe(first);
  expect(again).toBeDefined();
});

test("each factory builds once per fingerprint; a build that throws is not kept", () => {
  let builds = 0;
  let fail = false;
  const counting: ProviderFactory = {
    name: "counting",
    method: PayMethod.SANDBOX,
    settingsOf: (s) => s.sandbox,
    build: () => {
      builds++;
      if (fail) throw new Error("bad key");
      return createSandboxProvider("t");
    },
  };
  const registry = createProviderRegistry({ internalToken: "t" }, [counting]);
  const p = registry.forName("counting", loaded());
  expect(registry.forName("counting", loaded({ apiV3Key: "x".repeat(32) }))).toBe(p); // another provider's change
  expect(builds).toBe(1);
  fail = true;
  const changed: PaySettings = { ...loaded(), sandbox: { enable: false } };
  expect(() => registry.forName("counting", changed)).toThrow("bad key");
  expect(() => registry.forName("counting", changed)).toThrow("bad key");
  expect(builds).toBe(3);
});

test("the fingerprint ignores key order and covers every setting of the provider", () => {
  const [alipay] = providerFactories;
  if (!alipay) throw new Error("no alipay factory");
  const a = loaded();
  const reordered = { ...a, alipay: Object.fromEntries(Object.entries(a.alipay).reverse()) } as PaySettings;
  expect(settingsFingerprint(alipay, reordered)).toBe(settingsFingerprint(alipay, a));
  for (const [k, v] of Object.entries({
    appId: "x",
    privateKey: "k",
    publicKey: "p",
    sandbox: true,
    gatewayUrl: "g",
  })) {
    const changed = { ...a, alipay: { ...a.alipay, [k]: v } };
    expect([k, settingsFingerprint(alipay, changed)]).not.toEqual([k, settingsFingerprint(alipay, a)]);
  }
  expect(settingsFingerprint(alipay, a)).not.toContain(a.alipay.appId);
});
