// SendEmailCode: a registration code mailed to the address being registered (moredoc's e-mail
// verification at sign-up; the contract's only e-mail code: its front end sends no other type).
// Asked for behind the register captcha, so registering with the code needs no second captcha.
import { type CallContext, DomainError } from "@wenku/kit";
import { CodeType } from "@wenku/proto/api/v1/enums_pb.js";
import type { CaptchaService } from "../captcha/captcha.service.js";
import type { CodeQuota } from "../limits.js";
import type { MailOutbox } from "../mail/mail.outbox.js";
import { mailMessages, type SiteMailer } from "../mail/site.mailer.js";
import type { SettingsProvider } from "../ports.js";
import type { UserRepository } from "../users/user.repository.js";
import { checkEmail, normalEmail, refuseTaken, userMessages } from "../users/user.rules.js";
import type { CodeStore } from "./code.store.js";

export const emailCodeMessages = {
  registerOnly: "邮箱验证码仅用于注册",
  verifyOff: "网站未开启注册邮箱验证，无需邮箱验证码",
  subject: (site: string) => `【${site}】注册验证码`,
  body: (site: string, code: string, minutes: number) =>
    `您好，\n\n您正在注册「${site}」的账户，邮箱验证码为：${code}\n\n验证码 ${minutes} 分钟内有效，仅可使用一次。如果这不是您本人的操作，请忽略这封邮件。\n\n${site}`,
} as const;

/** The code's key: the address as stored (normalEmail: trimmed, lower-case), whatever case was typed. */
export const emailTarget = normalEmail;

export function createEmailCodeService(deps: {
  codes: CodeStore;
  /** Codes per account: a signed-in caller's. */
  quota: CodeQuota;
  captcha: CaptchaService;
  mailer: Pick<SiteMailer, "ready">;
  /** The mail goes out through the outbox, written with the code (mail/mail.outbox.ts). */
  mails: Pick<MailOutbox, "enqueue" | "send">;
  settings: SettingsProvider;
  repo: Pick<UserRepository, "taken">;
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());
  return {
    async send(call: CallContext, req: { email: string; captcha: string; captchaId: string; type: CodeType }) {
      if (req.type !== CodeType.REGISTER) {
        throw new DomainError("invalid_argument", emailCodeMessages.registerOnly, undefined, "type");
      }
      const email = checkEmail(req.email);
      if (!email) throw new DomainError("invalid_argument", userMessages.email, undefined, "email");
      const security = await deps.settings.security();
      if (!security.enableRegister) throw new DomainError("permission_denied", userMessages.registerClosed);
      if (!security.enableVerifyRegisterEmail)
        throw new DomainError("failed_precondition", emailCodeMessages.verifyOff);
      const site = await deps.mailer.ready();
      await deps.captcha.check("register", call, req.captchaId, req.captcha);
      // Registration says so anyway; no code mailed to an address that cannot register.
      refuseTaken(await deps.repo.taken({ email }));
      await deps.quota.charge(call);
      const issued = await deps.codes.issue(
        { channel: "email", target: emailTarget(email), purpose: CodeType.REGISTER, ip: call.clientIp },
        (tx, { id, code, expiresAt }) =>
          deps.mails.enqueue(tx, {
            key: `code:${id}`,
            to: email,
            subject: emailCodeMessages.subject(site.siteName),
            text: emailCodeMessages.body(
              site.siteName,
              code,
              Math.round((expiresAt.getTime() - now().getTime()) / 60_000),
            ),
            carries: { code: id },
            expiresAt,
          }),
      );
      // not taken by the SMTP server now: the outbox retries it for a few minutes
      if (!(await deps.mails.send(`code:${issued.id}`))) throw new DomainError("unavailable", mailMessages.queued);
    },
  };
}
export type EmailCodeService = ReturnType<typeof createEmailCodeService>;
