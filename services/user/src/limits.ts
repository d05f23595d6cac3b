// Per-request limits of the user service's public entry points: registration, captchas, password
// recovery and code sending. Every call counts, whatever its outcome (a failed registration probes
// user names, a failed recovery probes addresses). Wrong passwords have their own rules
// (auth/login.guard.ts). Thresholds are far above what a person (or a household, an office behind
// one address) does, and low enough to stop scripts.
import type { CallContext } from "@wenku/kit";
import { consumeAll, identifierKey, type RateLimitStore, type RequestLimit } from "@wenku/kit/ratelimit";

const MINUTE = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;

const api = (method: string) => `/api.v1.UserAPI/${method}`;
const SEND_SMS = "/api.v1.SmsAPI/SendSms";
const oauth = (method: string) => `/api.v1.OAuthAPI/${method}`;

/** The limits, by name (prefix): points per duration (seconds) and key. */
export const REQUEST_LIMITS = {
  /** Registrations (by name or mobile) per address. */
  register: { prefix: "register_ip", points: 60, duration: HOUR },
  /** Captcha images per address (each one is rendered and stored). */
  captcha: { prefix: "captcha_ip", points: 60, duration: MINUTE },
  /** Password-recovery requests (mail a link, reset by SMS code) per address … */
  recoverIp: { prefix: "recover_ip", points: 10, duration: HOUR },
  /** … and per e-mail address or mobile number asked for. */
  recoverTarget: { prefix: "recover_target", points: 5, duration: HOUR },
  /** Resets with a mailed link's token per address. */
  resetIp: { prefix: "reset_ip", points: 20, duration: HOUR },
  /** Verification codes sent (mail or SMS) per address … */
  codeIp: { prefix: "code_ip", points: 10, duration: HOUR },
  /** … and per e-mail address or mobile number: one a minute, ten a day. */
  codeTargetMinute: { prefix: "code_target_minute", points: 1, duration: MINUTE },
  codeTargetDay: { prefix: "code_target_day", points: 10, duration: DAY },
  /** Logins with an SMS code per address, and per mobile number (code guessing). */
  mobileLoginIp: { prefix: "mobile_login_ip", points: 30, duration: HOUR },
  mobileLoginTarget: { prefix: "mobile_login_target", points: 10, duration: HOUR },
  /**
   * Third-party logins started and finished per address, the WeChat mini program's logins and scan
   * confirmations included (each one calls the provider).
   */
  oauthIp: { prefix: "oauth_ip", points: 120, duration: HOUR },
} as const;

const codeMessage = (wait: string) => `验证码发送过于频繁，请 ${wait}后再试`;

/**
 * Verification codes per account per hour, across targets and channels: the signed-in caller's account
 * and the account the target belongs to (a login or recovery code to its mobile). Counted in the domain,
 * where the target's account is known, only for codes actually issued.
 */
export const CODE_ACCOUNT_LIMIT = { prefix: "code_account", points: 8, duration: HOUR } as const;

const codeAccountMessage = (wait: string) => `该账号获取验证码过于频繁，请 ${wait}后再试`;

/** Charges codes to the accounts concerned (CODE_ACCOUNT_LIMIT); 429 with retry-after past it. */
export function createCodeQuota(store: RateLimitStore) {
  const limiter = store.limiter(CODE_ACCOUNT_LIMIT);
  return {
    /** One code for the caller (when signed in) and for `owner` (the target's account), each counted once. */
    charge(call: Pick<CallContext, "identity">, owner?: bigint | null): Promise<void> {
      const ids = new Set<bigint>();
      if (call.identity) ids.add(call.identity.userId);
      if (owner) ids.add(owner);
      return consumeAll(
        [...ids].map((id) => ({ limiter, key: `u${id}` })),
        codeAccountMessage,
      );
    },
  };
}
export type CodeQuota = ReturnType<typeof createCodeQuota>;

/** Keys on a string field of the request (hashed), skipping the limit when it is empty. */
const byField =
  (...names: string[]) =>
  (message: unknown): string | null => {
    for (const name of names) {
      const v = (message as Record<string, unknown> | undefined)?.[name];
      if (typeof v === "string" && v.trim()) return `${name}:${identifierKey(v)}`;
    }
    return null;
  };

/**
 * The rules for the kit's rateLimitInterceptor, by full method name. RPCs whose slice is not built
 * yet (password recovery, e-mail and SMS codes, mobile login) are limited already: they answer
 * Unimplemented until then, and are throttled from their first day.
 */
export function userRequestLimits(store: RateLimitStore): Map<string, RequestLimit[]> {
  const l = Object.fromEntries(
    Object.entries(REQUEST_LIMITS).map(([name, spec]) => [name, store.limiter(spec)]),
  ) as Record<keyof typeof REQUEST_LIMITS, ReturnType<RateLimitStore["limiter"]>>;
  const target = byField("email", "mobile");
  const register: RequestLimit[] = [{ limiter: l.register }];
  const recover: RequestLimit[] = [{ limiter: l.recoverIp }, { limiter: l.recoverTarget, key: target }];
  const code: RequestLimit[] = [
    { limiter: l.codeIp, message: codeMessage },
    { limiter: l.codeTargetMinute, key: target },
    { limiter: l.codeTargetDay, key: target },
  ];
  return new Map<string, RequestLimit[]>([
    [api("Register"), register],
    [api("RegisterByMobile"), register],
    [api("GetUserCaptcha"), [{ limiter: l.captcha }]],
    [api("FindPasswordStepOne"), recover],
    [api("FindPasswordByMobile"), recover],
    [api("FindPasswordStepTwo"), [{ limiter: l.resetIp }]],
    [api("SendEmailCode"), code],
    [SEND_SMS, code],
    [api("LoginByMobile"), [{ limiter: l.mobileLoginIp }, { limiter: l.mobileLoginTarget, key: byField("mobile") }]],
    [oauth("StartOAuthLogin"), [{ limiter: l.oauthIp }]],
    [oauth("LoginOAuth"), [{ limiter: l.oauthIp }]],
    [oauth("LoginWechatMP"), [{ limiter: l.oauthIp }]],
    [oauth("WechatMPScanLogin"), [{ limiter: l.oauthIp }]],
    [oauth("RegisterOAuth"), register],
  ]);
}
