import type { SettingsReader } from "@wenku/kit";

/** Scenes a captcha can guard (GetUserCaptchaRequest.type). */
export const CAPTCHA_SCENES = ["register", "login", "comment", "find_password", "upload"] as const;
export type CaptchaScene = (typeof CAPTCHA_SCENES)[number];
/** moredoc's captcha.type options. Audio is answered with a digit image (reply.type says so). */
export type CaptchaKind = "digit" | "string" | "math" | "audio";

/** The security and captcha settings the user service obeys (config categories security + captcha). */
export interface SecuritySettings {
  enableRegister: boolean;
  enableVerifyRegisterEmail: boolean;
  captcha: {
    scenes: Record<CaptchaScene, boolean>;
    length: number;
    kind: CaptchaKind;
    width: number;
    height: number;
  };
}

/** Where the user service reads its settings from; the config service in production. */
export interface SettingsProvider {
  security(): Promise<SecuritySettings>;
}

/**
 * What applies while no setting was ever saved: registration open, no captcha, moredoc's
 * captcha geometry (length 5, digit, 240×60).
 */
export const DEFAULT_SECURITY: SecuritySettings = {
  enableRegister: true,
  enableVerifyRegisterEmail: false,
  captcha: {
    scenes: { register: false, login: false, comment: false, find_password: false, upload: false },
    length: 5,
    kind: "digit",
    width: 240,
    height: 60,
  },
};

/** Fixed settings (tests, tools). */
export function staticSettings(s: SecuritySettings): SettingsProvider & { set(next: SecuritySettings): void } {
  let current = s;
  return {
    security: async () => current,
    set(next) {
      current = next;
    },
  };
}

/**
 * The security section of the public settings, read through the kit's settings reader (cached,
 * dropped at once when the config service broadcasts a change). The captcha length/kind/size are
 * not in the public Settings message, so they keep moredoc's defaults until the config service
 * exposes category captcha to services.
 */
export function settingsFrom(reader: SettingsReader): SettingsProvider {
  return {
    async security() {
      const sec = (await reader.current()).security;
      if (!sec) return DEFAULT_SECURITY;
      return {
        enableRegister: sec.enableRegister,
        enableVerifyRegisterEmail: sec.enableVerifyRegisterEmail,
        captcha: {
          ...DEFAULT_SECURITY.captcha,
          scenes: {
            register: sec.enableCaptchaRegister,
            login: sec.enableCaptchaLogin,
            comment: sec.enableCaptchaComment,
            find_password: sec.enableCaptchaFindPassword,
            upload: sec.enableCaptchaUpload,
          },
        },
      };
    },
  };
}
