/** Form rules of spec §5, shared by the auth and personal-centre forms. */
import type { FormRule } from "antd";
import type { Translate } from "../../i18n/I18nProvider.js";

/** Spec §5: 11 digits, starting with 1, second digit 3 to 9. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** The server's username rule: 2-32 letters, digits, underscores or hyphens. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{2,32}$/;

export const rules = (t: Translate) => ({
  username: [{ required: true, whitespace: true, message: t("validate.usernameRequired") }] as FormRule[],
  newUsername: [
    { required: true, whitespace: true, message: t("validate.usernameRequired") },
    { pattern: USERNAME_PATTERN, message: t("validate.usernamePattern") },
  ] as FormRule[],
  password: [{ required: true, message: t("validate.passwordRequired") }] as FormRule[],
  newPassword: (requiredMessage: string): FormRule[] => [
    { required: true, message: requiredMessage },
    { min: 6, max: 64, message: t("validate.passwordLength") },
  ],
  email: [{ type: "email", message: t("validate.email") }] as FormRule[],
  requiredEmail: [
    { required: true, whitespace: true, message: t("validate.emailRequired") },
    { type: "email", message: t("validate.email") },
  ] as FormRule[],
  mobile: [{ pattern: MOBILE_PATTERN, message: t("validate.mobile") }] as FormRule[],
  captcha: [{ required: true, whitespace: true, message: t("validate.captchaRequired") }] as FormRule[],
  /** The repeat field must equal `field`; `mismatch` is the message when it does not. */
  sameAs: (field: string, requiredMessage: string, mismatch: string): FormRule[] => [
    { required: true, message: requiredMessage },
    ({ getFieldValue }) => ({
      validator: (_rule, value) =>
        !value || getFieldValue(field) === value ? Promise.resolve() : Promise.reject(new Error(mismatch)),
    }),
  ],
});

/** Only same-site paths are followed after login (no open redirects, no bounce back to auth pages). */
export function safeRedirect(raw: string | null, fallback = "/"): string {
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return fallback;
  if (/^\/(login|register)(\/|\?|$)/.test(raw)) return fallback;
  return raw;
}
