import { createHash, randomUUID } from "node:crypto";
import { type CallContext, DomainError } from "@wenku/kit";
import type { SettingsProvider } from "../ports.js";
import { CAPTCHA_SCENES, type CaptchaScene } from "../settings.js";
import { newChallenge, renderSvg, svgDataUrl } from "./captcha.render.js";
import type { CaptchaRepository } from "./captcha.repository.js";

/** How long an issued captcha may be answered. */
export const CAPTCHA_TTL_MS = 5 * 60_000;

export const captchaMessages = {
  required: "请输入验证码",
  /** Login from an address with many recent failures: a captcha the settings alone would not ask for. */
  demanded: "该网络近期登录失败次数过多，请输入验证码后再登录",
  wrong: "验证码错误或已过期，请重新获取",
  scene: "验证码类型不正确",
} as const;

/** The request field every captcha refusal names (FieldViolation): clients show or renew the captcha. */
export const CAPTCHA_FIELD = "captcha";

/** Who asks for or answers a captcha: the caller as the gateway described it. */
export type CaptchaRequester = Pick<CallContext, "clientIp" | "userAgent" | "clientNonce">;

/**
 * The key a captcha is bound to: the client's address, User-Agent and the random id it keeps, hashed
 * (the table holds no addresses). A captcha issued to one client is wrong for any other.
 */
export function requesterKey(who: CaptchaRequester): string {
  return createHash("sha256")
    .update(`${who.clientIp}\n${who.userAgent ?? ""}\n${who.clientNonce ?? ""}`)
    .digest("base64url")
    .slice(0, 43);
}

/**
 * Whether a scene needs a captcha from this requester although its setting is off (login from an
 * address with too many recent failures: auth/login.guard.ts).
 */
export type CaptchaDemand = (scene: CaptchaScene, who: CaptchaRequester) => Promise<boolean>;

/**
 * Captchas per scene, stored in the shared database (any replica verifies what another issued).
 * Checking deletes the row whatever the answer: single use, no guessing twice. Each captcha is bound
 * to its requester (requesterKey).
 */
export function createCaptchaService(deps: {
  repo: CaptchaRepository;
  settings: SettingsProvider;
  demand?: CaptchaDemand;
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());
  const refuse = (message: string) => new DomainError("invalid_argument", message, undefined, CAPTCHA_FIELD);

  const service = {
    /** A captcha for `scene`, or `{enable: false}` when that scene needs none from this requester. */
    async issue(sceneName: string, who: CaptchaRequester) {
      const scene = (sceneName || "login") as CaptchaScene;
      if (!CAPTCHA_SCENES.includes(scene)) throw new DomainError("invalid_argument", captchaMessages.scene);
      const s = await deps.settings.security();
      if (!s.captcha.scenes[scene] && !(await deps.demand?.(scene, who))) {
        return { enable: false, id: "", captcha: "", type: "" };
      }
      const c = newChallenge(s.captcha.kind, s.captcha.length);
      const id = randomUUID();
      const at = now();
      await deps.repo.save(
        {
          id,
          scene,
          answer: c.answer,
          requester: requesterKey(who),
          expiresAt: new Date(at.getTime() + CAPTCHA_TTL_MS),
        },
        at,
      );
      return {
        enable: true,
        id,
        captcha: svgDataUrl(renderSvg(c.shown, s.captcha.width, s.captcha.height)),
        type: c.kind,
      };
    },

    /**
     * Throws (InvalidArgument naming the `captcha` field) unless the scene needs no captcha from this
     * requester, or (id, answer) matches an unexpired captcha of the scene issued to the same requester.
     * `demanded`: the caller already knows a captcha is due although the scene's setting is off.
     */
    async check(scene: CaptchaScene, who: CaptchaRequester, id: string, answer: string, demanded = false) {
      const s = await deps.settings.security();
      if (!s.captcha.scenes[scene] && !demanded) return;
      const given = answer.trim().toUpperCase();
      if (!id || !given) throw refuse(s.captcha.scenes[scene] ? captchaMessages.required : captchaMessages.demanded);
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw refuse(captchaMessages.wrong);
      const row = await deps.repo.take(id);
      if (
        !row ||
        row.scene !== scene ||
        row.expiresAt <= now() ||
        row.answer !== given ||
        row.requester !== requesterKey(who)
      ) {
        throw refuse(captchaMessages.wrong);
      }
    },

    /**
     * UserInternalAPI.VerifyCaptcha: `check` for a scene another service's form names (a comment). The
     * calling service forwards its caller's client headers: the captcha must have been issued to that client.
     */
    async verify(sceneName: string, who: CaptchaRequester, id: string, answer: string): Promise<void> {
      if (!(CAPTCHA_SCENES as readonly string[]).includes(sceneName))
        throw new DomainError("invalid_argument", captchaMessages.scene);
      await service.check(sceneName as CaptchaScene, who, id, answer);
    },
  };
  return service;
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
