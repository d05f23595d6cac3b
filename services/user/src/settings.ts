import type { SettingsReader } from "@wenku/kit";

/** Scenes a captcha can guard (GetUserCaptchaRequest.type). */
export const CAPTCHA_SCENES = ["register", "login", "comment", "find_password", "upload"] as const;
export type CaptchaScene = (typeof CAPTCHA_SCENES)[number];
/** moredoc's captcha.type options. Audio is answered with a digit image (reply.type says so). */
export const CAPTCHA_KINDS = ["digit", "string", "math", "audio"] as const;
export type CaptchaKind = (typeof CAPTCHA_KINDS)[number];

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
  /** Login throttling (security.login_max_*): see auth/login.guard.ts. */
  login: {
    /** Wrong logins one address may send per 24 hours; beyond, it waits a day. */
    maxFailsPerIp: number;
    /** Consecutive wrong passwords for one account from one address; beyond, that pair waits an hour. */
    maxConsecutiveFails: number;
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
  login: { maxFailsPerIp: 100, maxConsecutiveFails: 10 },
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
 * dropped at once when the config service broadcasts a change), captcha look included.
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
          length: sec.captchaLength || DEFAULT_SECURITY.captcha.length,
          kind: CAPTCHA_KINDS.includes(sec.captchaType as CaptchaKind)
            ? (sec.captchaType as CaptchaKind)
            : DEFAULT_SECURITY.captcha.kind,
          width: sec.captchaWidth || DEFAULT_SECURITY.captcha.width,
          height: sec.captchaHeight || DEFAULT_SECURITY.captcha.height,
          scenes: {
            register: sec.enableCaptchaRegister,
            login: sec.enableCaptchaLogin,
            comment: sec.enableCaptchaComment,
            find_password: sec.enableCaptchaFindPassword,
            upload: sec.enableCaptchaUpload,
          },
        },
        login: {
          maxFailsPerIp: sec.loginMaxFailsPerIp || DEFAULT_SECURITY.login.maxFailsPerIp,
          maxConsecutiveFails: sec.loginMaxConsecutiveFails || DEFAULT_SECURITY.login.maxConsecutiveFails,
        },
      };
    },
  };
}
