// Each sender against its vendor's stand-in (@wenku/testkit/sms), which recomputes the vendor's
// signature independently and checks our request as the vendor would: a message arrives with the code,
// a wrong key or a vendor refusal becomes ok=false with the vendor's words, never a throw.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { parseAllowHosts } from "@wenku/kit/net";
import {
  type SmsStandIn,
  startAliyunSmsStandIn,
  startBaiduSmsStandIn,
  startHuaweiSmsStandIn,
  startTencentSmsStandIn,
} from "@wenku/testkit/sms";
import { pino } from "pino";
import { HAOMAS_UNSUPPORTED } from "./haomas.js";
import { senderFor } from "./registry.js";
import { vendorHttp } from "./sms.service.js";

const LOCAL = parseAllowHosts("127.0.0.1").entries;
const log = pino({ level: "silent" });
const deps = (development = false) => ({
  http: vendorHttp(LOCAL),
  clock: () => new Date(),
  nonce: () => crypto.randomUUID(),
  log,
  development,
});

const vendors: Array<[string, () => Promise<SmsStandIn>, string]> = [
  ["smsAliyun", startAliyunSmsStandIn, "access_key_secret"],
  ["smsTencent", startTencentSmsStandIn, "secret_key"],
  ["smsBaidu", startBaiduSmsStandIn, "secret_access_key"],
  ["smsHuawei", startHuaweiSmsStandIn, "app_secret"],
];

describe.each(vendors)("%s against its stand-in", (provider, start, secretName) => {
  let stand: SmsStandIn;
  beforeAll(async () => {
    stand = await start();
  });
  afterAll(() => stand.close());

  it("delivers the code with the purpose's template, signed as the vendor checks (stand-in)", async () => {
    const sender = senderFor(provider, stand.keys, deps());
    const out = await sender.send({ mobile: "13800138000", code: "482913", purpose: "find_password" });
    expect(stand.refused).toEqual([]);
    expect(out).toMatchObject({ ok: true, error: "" });
    expect(out.response.length).toBeGreaterThan(0);
    expect(stand.received.at(-1)).toMatchObject({ mobile: "13800138000", code: "482913", template: "TPL_FIND_1" });
  });

  it("a wrong secret is refused by the stand-in and recorded as the vendor's answer", async () => {
    const sender = senderFor(provider, { ...stand.keys, [secretName]: "not-the-secret" }, deps());
    const out = await sender.send({ mobile: "13800138001", code: "111111", purpose: "login" });
    expect(out.ok).toBe(false);
    expect(out.error).toMatch(/Signature|E000004|AuthFailure/);
    expect(out.response).toContain(stand.refused.at(-1)?.split(":")[0] ?? "?");
    expect(stand.lastCode("13800138001")).toBeUndefined();
  });

  it("a vendor error answer is a failure with its code, and a missing template is not sent", async () => {
    stand.failNext({ code: "LimitExceeded", message: "frequency limit" });
    const out = await senderFor(provider, stand.keys, deps()).send({
      mobile: "13800138002",
      code: "222222",
      purpose: "register",
    });
    stand.failNext(null);
    expect(out).toMatchObject({ ok: false });
    expect(out.error).toContain("LimitExceeded");
    const before = stand.received.length + stand.refused.length;
    const none = await senderFor(provider, { ...stand.keys, template_login: "" }, deps()).send({
      mobile: "13800138003",
      code: "333333",
      purpose: "login",
    });
    expect(none).toEqual({ ok: false, response: "", error: "未设置登录验证码模板" });
    expect(stand.received.length + stand.refused.length).toBe(before);
  });
});

describe("the registry", () => {
  it("refuses the log-only provider outside development, and unknown providers", () => {
    expect(() => senderFor("smsLog", {}, deps(false))).toThrow("只能在开发环境使用");
    expect(() => senderFor("smsTwilio", {}, deps(true))).toThrow("未知的短信服务商");
    expect(senderFor("smsLog", {}, deps(true))).toBeDefined();
  });

  it("Haomas records a failure that says why (no public API documentation)", async () => {
    expect(
      await senderFor("smsHaomas", { account: "a", api_key: "k" }, deps()).send({
        mobile: "13800138000",
        code: "1",
        purpose: "login",
      }),
    ).toEqual({
      ok: false,
      response: "",
      error: HAOMAS_UNSUPPORTED,
    });
  });

  it("a vendor the guard may not reach (no allow-list) fails without sending", async () => {
    const stand = await startTencentSmsStandIn();
    try {
      const sender = senderFor("smsTencent", stand.keys, { ...deps(), http: vendorHttp([]) });
      await expect(sender.send({ mobile: "13800138000", code: "123456", purpose: "login" })).rejects.toMatchObject({
        reason: "address",
      });
      expect(stand.received).toEqual([]);
    } finally {
      await stand.close();
    }
  });
});
