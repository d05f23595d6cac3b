// The per-request limits name RPCs of the contract (a typo would silently limit nothing), each keyed
// by the client address, plus the e-mail address or mobile number asked for where that applies.
import { AccessLevel, accessRuleOf, allApiServices } from "@wenku/kit";
import type { LimitSpec, RateLimitStore } from "@wenku/kit/ratelimit";
import { REQUEST_LIMITS, userRequestLimits } from "./limits.js";

const specs: LimitSpec[] = [];
const store = {
  limiter: (spec: LimitSpec) => {
    specs.push(spec);
    return spec as never;
  },
} as unknown as RateLimitStore;
const rules = userRequestLimits(store);
const call = { identity: null, clientIp: "198.51.100.4", requestId: "", internal: false };

test("every limited RPC is in the contract and public (the ones an anonymous client can hammer)", () => {
  const methods = new Map(allApiServices().flatMap((s) => s.methods.map((m) => [`/${s.typeName}/${m.name}`, m])));
  for (const name of rules.keys()) {
    const m = methods.get(name);
    expect([name, m && accessRuleOf(m).level]).toEqual([name, AccessLevel.PUBLIC]);
  }
  expect([...rules.keys()].sort()).toEqual(
    [
      "/api.v1.OAuthAPI/LoginOAuth",
      "/api.v1.OAuthAPI/LoginWechatMP",
      "/api.v1.OAuthAPI/WechatMPScanLogin",
      "/api.v1.OAuthAPI/RegisterOAuth",
      "/api.v1.OAuthAPI/StartOAuthLogin",
      "/api.v1.SmsAPI/SendSms",
      "/api.v1.UserAPI/FindPasswordByMobile",
      "/api.v1.UserAPI/FindPasswordStepOne",
      "/api.v1.UserAPI/FindPasswordStepTwo",
      "/api.v1.UserAPI/GetUserCaptcha",
      "/api.v1.UserAPI/LoginByMobile",
      "/api.v1.UserAPI/Register",
      "/api.v1.UserAPI/RegisterByMobile",
      "/api.v1.UserAPI/SendEmailCode",
    ].sort(),
  );
  expect(specs.map((s) => s.prefix).sort()).toEqual(
    Object.values(REQUEST_LIMITS)
      .map((s) => s.prefix)
      .sort(),
  );
});

test("keys: the address by default; the target, normalised and hashed, where given", () => {
  const keysOf = (method: string, message: unknown) =>
    (rules.get(`/api.v1.${method}`) ?? []).map((l) => (l.key ? l.key(message, call) : "address"));
  expect(keysOf("UserAPI/Register", {})).toEqual(["address"]);
  const [ip, target] = keysOf("UserAPI/FindPasswordStepOne", { email: " A@Example.com", mobile: "" });
  expect(ip).toBe("address");
  expect(target).toMatch(/^email:[\w-]{32}$/);
  expect(keysOf("UserAPI/FindPasswordStepOne", { email: "a@example.COM" })[1]).toBe(target);
  expect(keysOf("SmsAPI/SendSms", { mobile: "13800138000" })[1]).toMatch(/^mobile:/);
  // nothing to key on: that limit is skipped, the address one still applies
  expect(keysOf("SmsAPI/SendSms", { mobile: "  " })).toEqual(["address", null, null]);
});
