// What every SMS vendor's sender is: one verification code to one mainland mobile number, sent with the
// template the administrator configured for its purpose. A sender never throws for a vendor's refusal:
// it answers ok=false with the vendor's own words (kept on the record for the admin to read).
import type { GuardedSendOptions, SentAnswer } from "@wenku/kit/net";

/** What a code is for: the three template settings of each provider category. */
export type SmsPurpose = "register" | "login" | "find_password";

export interface SmsMessage {
  /** 11 digits, checked by the caller (spec §5). */
  mobile: string;
  code: string;
  purpose: SmsPurpose;
}

export interface SmsOutcome {
  ok: boolean;
  /** The vendor's answer as received (capped), for diagnosis; "" when nothing was sent. */
  response: string;
  /** Why it failed, for the administrator ("" when ok). */
  error: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<SmsOutcome>;
}

/** The one way out to a vendor: the kit's guarded sender, with the service's allow-list and caps. */
export type SmsHttp = (
  url: string,
  init: Pick<GuardedSendOptions, "method" | "headers" | "body">,
) => Promise<SentAnswer>;

/** A provider category's keys (sign_name, template_*, endpoint and its own credentials), as stored. */
export type ProviderKeys = Readonly<Record<string, string>>;

export interface SenderDeps {
  http: SmsHttp;
  clock: () => Date;
  /** Random request ids (nonces); crypto.randomUUID in production, fixed in tests. */
  nonce: () => string;
}

const PURPOSE_LABEL: Record<SmsPurpose, string> = { register: "注册", login: "登录", find_password: "找回密码" };

/** The refusal when the administrator set no template for a purpose. */
export const noTemplate = (purpose: SmsPurpose) => notSent(`未设置${PURPOSE_LABEL[purpose]}验证码模板`);

/** The template the administrator set for a purpose, or "" when none. */
export const templateOf = (keys: ProviderKeys, purpose: SmsPurpose) => (keys[`template_${purpose}`] ?? "").trim();

/** A failure before anything was sent (missing settings): recorded, never thrown. */
export const notSent = (error: string): SmsOutcome => ({ ok: false, response: "", error });

/** The keys a provider needs, each missing one named (the admin fixes them on /admin/config/sms). */
export function missingKeys(keys: ProviderKeys, names: readonly string[]): string | null {
  const missing = names.filter((n) => !(keys[n] ?? "").trim());
  return missing.length ? `短信服务商配置不完整，缺少：${missing.join("、")}` : null;
}

/** A vendor answer as text for the record (the caps keep it short). */
export const answerText = (a: SentAnswer) => a.bytes.toString("utf8").slice(0, 4000);

/** Parses a JSON answer, or null when it is not JSON (an HTML error page, a proxy's answer). */
export function jsonOf(text: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** `keys.endpoint` without a trailing slash, or the vendor's default. */
export const endpointOf = (keys: ProviderKeys, fallback: string) =>
  (keys.endpoint?.trim() || fallback).replace(/\/+$/, "");
