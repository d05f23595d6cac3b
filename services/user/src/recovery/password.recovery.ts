// Password recovery by e-mail (FindPasswordStepOne/StepTwo). Step one mails a one-time link
// /findpassword?email=…&token=… to the account with that address; step two sets the new password with
// it and ends every session of the account. The token is 32 random bytes, stored as its SHA-256,
// bound to the address it was mailed to (moredoc checked neither: any token reset any account),
// single use, valid for email.duration minutes. Step one answers the same, in about the same time,
// whether the address has an account or not: the lookup, the link and the mail happen after the
// answer, their failures logged.
import { createHash, randomBytes } from "node:crypto";
import { type CallContext, DomainError, type Logger } from "@wenku/kit";
import { hashPassword } from "../auth/password.js";
import type { CaptchaService } from "../captcha/captcha.service.js";
import { type DynamicRepository, DynamicType } from "../dynamics/dynamic.repository.js";
import type { MailOutbox } from "../mail/mail.outbox.js";
import type { SiteMailer } from "../mail/site.mailer.js";
import type { SiteMailSettings } from "../ports.js";
import type { UserRepository } from "../users/user.repository.js";
import { checkEmail, checkPassword, userMessages } from "../users/user.rules.js";
import type { AuthzChanges } from "../users/user.service.js";
import type { RecoveryRepository } from "./recovery.repository.js";

/** Minutes a link lives when email.duration is missing or out of range (the catalogue's default). */
const DEFAULT_LINK_MINUTES = 30;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const recoveryMessages = {
  badLink: "找回密码链接无效或已过期，请重新找回密码",
  subject: (site: string) => `【${site}】找回密码`,
  body: (site: string, username: string, link: string, minutes: number) =>
    `${username}，您好：\n\n我们收到了重置您在「${site}」的账户密码的请求。请打开下面的链接设置新密码：\n\n${link}\n\n链接 ${minutes} 分钟内有效，仅可使用一次。如果这不是您本人的操作，请忽略这封邮件，您的密码不会改变。\n\n${site}`,
} as const;

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

export function createPasswordRecovery(deps: {
  repo: Pick<UserRepository, "byEmail" | "byId" | "update" | "revokeUserSessions">;
  links: RecoveryRepository;
  captcha: CaptchaService;
  mailer: Pick<SiteMailer, "ready">;
  /** The mail goes out through the outbox, written with the link (mail/mail.outbox.ts). */
  mails: Pick<MailOutbox, "enqueue" | "send">;
  dynamics: Pick<DynamicRepository, "add">;
  authz: AuthzChanges;
  log: Logger;
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());
  const requiredEmail = (raw: string) => {
    const email = checkEmail(raw);
    if (!email) throw new DomainError("invalid_argument", userMessages.email, undefined, "email");
    return email;
  };

  /** Step one after the answer: the account, its link and the mail (nothing for an unknown address). */
  async function deliver(site: SiteMailSettings, email: string): Promise<void> {
    const user = await deps.repo.byEmail(email);
    if (!user?.email) return;
    const token = randomBytes(32).toString("base64url");
    const minutes =
      Number.isInteger(site.linkMinutes) && site.linkMinutes > 0 ? site.linkMinutes : DEFAULT_LINK_MINUTES;
    const at = now();
    const tokenHash = sha256(token);
    const expiresAt = new Date(at.getTime() + minutes * 60_000);
    const link = `${site.siteOrigin}/findpassword?${new URLSearchParams({ email: user.email, token })}`;
    const to = user.email;
    await deps.links.replace({ tokenHash, userId: user.id, email: to, expiresAt }, at, (tx) =>
      deps.mails.enqueue(tx, {
        key: `reset:${tokenHash}`,
        to,
        subject: recoveryMessages.subject(site.siteName),
        text: recoveryMessages.body(site.siteName, user.username, link, minutes),
        carries: { reset: tokenHash },
        expiresAt,
      }),
    );
    // not taken by the SMTP server now: the outbox retries it (and logs why)
    await deps.mails.send(`reset:${tokenHash}`);
  }

  const pending = new Set<Promise<void>>();

  return {
    /** FindPasswordStepOne: mails a link when the address has an account; the same answer either way. */
    async requestLink(call: CallContext, req: { email: string; captcha: string; captchaId: string }) {
      const email = requiredEmail(req.email);
      const site = await deps.mailer.ready({ links: true });
      await deps.captcha.check("find_password", call, req.captchaId, req.captcha);
      const job = deliver(site, email)
        .catch((err) => deps.log.warn({ err }, "password recovery mail not sent"))
        .finally(() => pending.delete(job));
      pending.add(job);
    },

    /** FindPasswordStepTwo: the link's e-mail and token, and the new password. */
    async reset(
      call: CallContext,
      req: { email: string; token: string; password: string; captcha: string; captchaId: string },
    ) {
      const email = requiredEmail(req.email);
      const password = checkPassword(req.password, userMessages.newPasswordRequired);
      const badLink = () => new DomainError("invalid_argument", recoveryMessages.badLink, undefined, "token");
      if (!TOKEN.test(req.token)) throw badLink();
      await deps.captcha.check("find_password", call, req.captchaId, req.captcha);
      const link = await deps.links.take(sha256(req.token), email, now());
      if (!link) throw badLink();
      const user = await deps.repo.byId(link.userId);
      // the account's address changed since the link was mailed: the link was for the old one
      if (!user || user.email !== email) throw badLink();
      // the link reached the address: it is the owner's
      await deps.repo.update(user.id, { passwordHash: await hashPassword(password), emailVerified: true });
      await deps.repo.revokeUserSessions([user.id]);
      await deps.dynamics.add(user.id, DynamicType.password, "通过邮箱找回了登录密码", { via: "email" });
      await deps.authz.changed();
    },

    /** Resolves when the mails step one started have been sent or failed (tests, shutdown). */
    async settled(): Promise<void> {
      await Promise.all([...pending]);
    },
  };
}
export type PasswordRecovery = ReturnType<typeof createPasswordRecovery>;
