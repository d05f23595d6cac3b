// Saving category email with a test address sends a test mail first (moredoc: "saving the email category
// sends a test mail to test_email"). A failure saves nothing: a working mail setup is never replaced by
// one that demonstrably fails (password recovery would stop at once), and the refusal names the SMTP
// problem on the setting to fix. To save without the test, clear the test address.
import { DomainError } from "@wenku/kit";
import type { Mail, MailError, SmtpSettings } from "@wenku/kit/mail";
import type { ConfigValues } from "./values.js";

/** Sends one mail with the given SMTP settings (kit's mailer; a fake in unit tests). */
export type SendMail = (smtp: SmtpSettings, mail: Mail) => Promise<void>;

export const mailCheckMessages = {
  subject: (site: string) => `【${site}】测试邮件`,
  body: (site: string, host: string) =>
    `这是一封来自「${site}」的测试邮件，由管理员保存邮件配置时发送（SMTP 服务器 ${host}）。\n收到这封邮件，说明邮件服务配置正确。`,
  failed: (why: string) => `测试邮件发送失败，配置未保存：${why}。如需不经测试保存，请清空「测试邮箱」`,
} as const;

/** The setting a mail failure points at, as its config key. */
const keyOf: Record<MailError["field"], string> = {
  host: "email.host",
  port: "email.port",
  is_tls: "email.is_tls",
  username: "email.username",
  password: "email.password",
  to: "email.test_email",
};

const isMailError = (err: unknown): err is MailError =>
  err instanceof Error && err.name === "MailError" && typeof (err as MailError).field === "string";

export function smtpSettingsOf(v: ConfigValues): SmtpSettings {
  return {
    host: v.str("email", "host"),
    port: v.int("email", "port"),
    secure: v.bool("email", "is_tls"),
    username: v.str("email", "username"),
    password: v.str("email", "password"),
    fromName: v.str("email", "from_name") || v.str("system", "sitename"),
  };
}

/** Sends the test mail when the values (as they would be saved) name a test address; throws to refuse the save. */
export async function checkMail(send: SendMail, v: ConfigValues): Promise<void> {
  const to = v.str("email", "test_email");
  if (!to) return;
  const smtp = smtpSettingsOf(v);
  if (!smtp.host) {
    throw new DomainError(
      "invalid_argument",
      mailCheckMessages.failed("请填写 SMTP 服务器地址"),
      undefined,
      "email.host",
    );
  }
  const site = v.str("system", "sitename") || "文库";
  try {
    await send(smtp, { to, subject: mailCheckMessages.subject(site), text: mailCheckMessages.body(site, smtp.host) });
  } catch (err) {
    if (!isMailError(err)) throw err;
    throw new DomainError("invalid_argument", mailCheckMessages.failed(err.message), undefined, keyOf[err.field]);
  }
}
