// Sending e-mail over SMTP (nodemailer): the one mailer of every service (the config service's test
// mail today; password recovery with the user slice). A failure becomes a MailError that says, for the
// administrator who set the SMTP settings, which part failed (server, port, TLS, login, recipient).
import { createTransport } from "nodemailer";

/** The settings of category email, as the services read them. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  username: string;
  password: string;
  /** Shown as the sender's name; the address is the username. */
  fromName: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Which setting a failure points at, so a form can show it there. */
type SmtpField = "host" | "port" | "is_tls" | "username" | "password" | "to";

export class MailError extends Error {
  override readonly name = "MailError";
  constructor(
    message: string,
    /** The setting to look at. */
    readonly field: SmtpField,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

interface MailerOptions {
  /** Connecting, the server's greeting and each later step may take this long. */
  timeoutMs?: number;
  /** Test servers with a self-signed certificate only. */
  allowUntrustedCertificate?: boolean;
}

type SmtpFailure = Error & { code?: string; responseCode?: number; response?: string; command?: string };

/** The server's own words, when it sent any ("535 5.7.8 Authentication failed"). */
const said = (e: SmtpFailure) => (e.response ? `，服务器回复：${e.response.trim().slice(0, 200)}` : "");

/** A nodemailer failure as a sentence for the administrator, and the setting it points at. */
function describeMailFailure(err: unknown, smtp: Pick<SmtpSettings, "host" | "port" | "secure">): MailError {
  // Not `instanceof Error`: socket errors may come from another realm (a test's VM context).
  const e: SmtpFailure =
    typeof err === "object" && err !== null ? (err as SmtpFailure) : { name: "Error", message: String(err) };
  const where = `${smtp.host}:${smtp.port}`;
  const tlsHint = smtp.secure
    ? "已启用TLS：请确认该端口是 TLS 端口（如 465），否则关闭TLS"
    : "未启用TLS：若该端口是 TLS 端口（如 465），请启用TLS";
  const fail = (message: string, field: SmtpField) => new MailError(message, field, { cause: err });
  const text = String(e.message ?? "");
  // nodemailer reports a socket failure as ESOCKET; the system error's name is in its message.
  const system = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH)\b/.exec(text)?.[1];
  const code = system === "ENOTFOUND" || system === "EAI_AGAIN" ? "EDNS" : system ? "ECONNECTION" : e.code;
  switch (code) {
    case "EDNS":
      return fail(`找不到 SMTP 服务器 ${smtp.host}，请检查服务器地址`, "host");
    case "ECONNECTION":
      return fail(`无法连接 SMTP 服务器 ${where}（连接被拒绝或中断），请检查服务器地址和端口`, "port");
    case "ETIMEDOUT":
      return fail(`连接 SMTP 服务器 ${where} 超时，请检查服务器地址、端口和TLS设置（${tlsHint}）`, "port");
    case "ETLS":
    case "ESOCKET":
      return fail(
        `与 SMTP 服务器 ${where} 的 TLS 连接失败（${text.split("\n")[0]?.slice(0, 120)}）；${tlsHint}`,
        "is_tls",
      );
    case "EAUTH":
    case "ENOAUTH":
      return fail(`SMTP 登录失败，请检查账号和密码${said(e)}`, "password");
    case "EENVELOPE":
      return e.command === "MAIL FROM"
        ? fail(`SMTP 服务器拒绝了发件人（SMTP 账号）${said(e)}`, "username")
        : fail(`SMTP 服务器拒绝了收件地址${said(e)}`, "to");
    default:
      return fail(`邮件发送失败：${text.slice(0, 200)}${said(e)}`, "host");
  }
}

/** Sends one mail at a time over a fresh SMTP connection (test mails and password recovery are rare). */
export function createSmtpMailer(smtp: SmtpSettings, options: MailerOptions = {}) {
  const timeout = options.timeoutMs ?? 15_000;
  const transport = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.username ? { auth: { user: smtp.username, pass: smtp.password } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    dnsTimeout: timeout,
    ...(options.allowUntrustedCertificate ? { tls: { rejectUnauthorized: false } } : {}),
  });
  return {
    async send(mail: Mail): Promise<void> {
      try {
        await transport.sendMail({
          from: { name: smtp.fromName, address: smtp.username },
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
      } catch (err) {
        throw describeMailFailure(err, smtp);
      } finally {
        transport.close();
      }
    },
  };
}
