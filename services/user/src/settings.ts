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
