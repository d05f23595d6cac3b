// SmsAPI's domain: a verification code to a mobile number through the configured vendor, every send
// recorded. The vendor is asked after the reply (a slow vendor holds no request, and a recovery or login
// code asked for an unknown number answers exactly like one for a known number, in the same time).
import { randomUUID } from "node:crypto";
import { type CallContext, DomainError, type Logger, paging } from "@wenku/kit";
import { type AllowHosts, FetchRefused, guardedSend } from "@wenku/kit/net";
import { CodeType, SmsStatus } from "@wenku/proto/api/v1/enums_pb.js";
import type { CaptchaService } from "../captcha/captcha.service.js";
import type { CodeQuota } from "../limits.js";
import type { SmsSettingsSource } from "../ports.js";
import type { CaptchaScene } from "../settings.js";
import { requireMobile } from "../users/user.rules.js";
import { senderFor } from "./registry.js";
import type { SmsHttp, SmsPurpose } from "./sender.js";
import type { SmsRepository } from "./sms.repository.js";

export const smsMessages = {
  disabled: "短信服务未开启",
  type: "短信验证码类型不正确",
  notFound: "短信记录不存在",
  tooSoon: (seconds: number) => `短信发送过于频繁，请 ${seconds} 秒后再试`,
  mobileTaken: "该手机号已被注册",
} as const;

/** CodeType → the scene of its captcha and the purpose of its template. */
const PURPOSES = new Map<number, { scene: CaptchaScene; purpose: SmsPurpose; label: string }>([
  [CodeType.REGISTER, { scene: "register", purpose: "register", label: "注册" }],
  [CodeType.LOGIN, { scene: "login", purpose: "login", label: "登录" }],
  [CodeType.FIND_PASSWORD, { scene: "find_password", purpose: "find_password", label: "找回密码" }],
]);

/** Issues codes (the code store, services/user/src/codes). */
export interface CodeIssuer {
  issue(req: {
    channel: "email" | "sms";
    target: string;
    purpose: CodeType;
    ip: string;
  }): Promise<{ code: string; expiresAt: Date }>;
}

/** What a vendor call may take: one deadline for the exchange, a cap on the answer. */
export const VENDOR_TIMEOUT_MS = 10_000;
export const VENDOR_MAX_BYTES = 64 * 1024;

/** The guarded sender with the service's allow-list (FETCH_ALLOW_HOSTS) and the caps above. */
export function vendorHttp(allow: AllowHosts): SmsHttp {
  return (url, init) => guardedSend(url, { ...init, allow, timeoutMs: VENDOR_TIMEOUT_MS, maxBytes: VENDOR_MAX_BYTES });
}

export function createSmsService(deps: {
  repo: SmsRepository;
  settings: SmsSettingsSource;
  codes: CodeIssuer;
  /** Codes per account (the caller's, the number's owner's). */
  quota: CodeQuota;
  captcha: Pick<CaptchaService, "check">;
  /** The account holding a mobile number (for the record, and what register/login/recovery need). */
  accountOf: (mobile: string) => Promise<{ id: bigint } | null>;
  http: SmsHttp;
  log: Logger;
  /** NODE_ENV is development (the log-only provider). */
  development: boolean;
  clock?: () => Date;
  /** Runs the vendor call after the reply; tests pass one that keeps the promise. */
  defer?: (task: () => Promise<void>) => void;
}) {
  const now = deps.clock ?? (() => new Date());
  const log = deps.log.child({ module: "sms" });
  const defer = deps.defer ?? ((task) => void task().catch((err) => log.error({ err }, "sms: send task failed")));

  return {
    async send(who: CallContext, req: { mobile: string; type: number; captcha: string; captchaId: string }) {
      const mobile = requireMobile(req.mobile);
      const what = PURPOSES.get(req.type);
      if (!what) throw new DomainError("invalid_argument", smsMessages.type, undefined, "type");
      const s = await deps.settings.current();
      if (!s.enable) throw new DomainError("failed_precondition", smsMessages.disabled);
      const sender = senderFor(s.provider, s.keys, {
        http: deps.http,
        clock: now,
        nonce: randomUUID,
        log,
        development: deps.development,
      });
      await deps.captcha.check(what.scene, who, req.captchaId, req.captcha);
      const account = await deps.accountOf(mobile);
      if (req.type === CodeType.REGISTER && account) {
        throw new DomainError("already_exists", smsMessages.mobileTaken, undefined, "mobile");
      }
      // A login or recovery code for a number no account holds: the same answer, nothing sent.
      if (req.type !== CodeType.REGISTER && !account) return;
      const last = await deps.repo.lastAt(mobile);
      const wait = last ? Math.ceil(s.interval - (now().getTime() - last.getTime()) / 1000) : 0;
      if (wait > 0) throw new DomainError("resource_exhausted", smsMessages.tooSoon(wait));
      await deps.quota.charge(who, account?.id);

      const { code, expiresAt } = await deps.codes.issue({
        channel: "sms",
        target: mobile,
        purpose: req.type,
        ip: who.clientIp,
      });
      const minutes = Math.max(1, Math.round((expiresAt.getTime() - now().getTime()) / 60_000));
      const record = await deps.repo.create({
        mobile,
        type: req.type,
        content: `您的${what.label}验证码为 ${"*".repeat(code.length)}，${minutes} 分钟内有效`,
        provider: s.provider,
        ip: who.clientIp,
        userId: account?.id ?? null,
      });
      defer(async () => {
        let outcome: { ok: boolean; response: string; error: string };
        try {
          outcome = await sender.send({ mobile, code, purpose: what.purpose });
        } catch (err) {
          // The guard's refusals (timeout, address, size) say what happened; anything else is logged.
          if (!(err instanceof FetchRefused)) log.error({ err }, "sms: vendor call failed");
          outcome = { ok: false, response: "", error: err instanceof FetchRefused ? err.message : "发送失败" };
        }
        await deps.repo.finish(record.id, {
          status: outcome.ok ? SmsStatus.SUCCESS : SmsStatus.FAILED,
          response: outcome.response,
          error: outcome.error,
        });
      });
    },

    async get(id: bigint) {
      const row = await deps.repo.byId(id);
      if (!row) throw new DomainError("not_found", smsMessages.notFound);
      return row;
    },

    list: (req: {
      page: bigint;
      size: bigint;
      wd: string;
      mobile: string;
      userId: bigint[];
      status: number[];
      type: number[];
    }) =>
      deps.repo.list({
        wd: req.wd.trim(),
        mobile: req.mobile.trim(),
        userIds: req.userId,
        statuses: req.status,
        types: req.type,
        ...paging(req.page, req.size, { max: 1000, fallback: 10 }),
      }),
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
