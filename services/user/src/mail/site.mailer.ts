// The user service's mails (verification codes, password-recovery links) through the kit's SMTP
// mailer with the admin's e-mail settings, read at each use (a saved change applies at once: the
// settings are dropped on the config service's change broadcast). A site that cannot send mail is a
// state of the site, not a mistake of the person asking: failed_precondition, worded for them, with
// the setting to fix in the log for the admin.
import { DomainError, type Logger } from "@wenku/kit";
import { createSmtpMailer, type Mail } from "@wenku/kit/mail";
import type { MailSettingsSource, SendMail, SiteMailSettings } from "../ports.js";

export const mailMessages = {
  off: "网站未开启邮件服务，暂时无法发送邮件，请联系管理员",
  noDomain: "网站未设置域名，暂时无法发送找回密码邮件，请联系管理员",
  failed: "邮件发送失败，请稍后再试",
  queued: "邮件暂未发出，系统会在几分钟内自动重试，请稍后查收",
} as const;

const smtpSend: SendMail = (smtp, mail) => createSmtpMailer(smtp).send(mail);

export function createSiteMailer(deps: { settings: MailSettingsSource; log: Logger; send?: SendMail }) {
  const send = deps.send ?? smtpSend;
  return {
    /**
     * The e-mail settings when the site can send mail (and, with `links`, knows its own address for
     * links in mails); failed_precondition otherwise.
     */
    async ready(opts: { links?: boolean } = {}): Promise<SiteMailSettings> {
      const s = await deps.settings.current();
      if (!s.enabled) {
        deps.log.warn(
          "a mail was asked for but e-mail is off or has no SMTP server (settings: email.enable, email.host)",
        );
        throw new DomainError("failed_precondition", mailMessages.off);
      }
      if (opts.links && !s.siteOrigin) {
        deps.log.warn("a recovery link was asked for but the site's domain is not set (setting: system.domain)");
        throw new DomainError("failed_precondition", mailMessages.noDomain);
      }
      return s;
    },

    /** Sends one mail; an SMTP failure is logged with the setting it names and refused as unavailable. */
    async send(s: SiteMailSettings, mail: Mail): Promise<void> {
      try {
        await send(s.smtp, mail);
      } catch (err) {
        deps.log.warn({ err, field: (err as { field?: string }).field }, "sending a mail failed");
        throw new DomainError("unavailable", mailMessages.failed);
      }
    },
  };
}
export type SiteMailer = ReturnType<typeof createSiteMailer>;
