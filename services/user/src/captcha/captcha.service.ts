import { randomUUID } from "node:crypto";
import { DomainError } from "@wenku/kit";
import { CAPTCHA_SCENES, type CaptchaScene, type SettingsProvider } from "../settings.js";
import { newChallenge, renderSvg, svgDataUrl } from "./captcha.render.js";
import type { CaptchaRepository } from "./captcha.repository.js";

/** How long an issued captcha may be answered. */
export const CAPTCHA_TTL_MS = 5 * 60_000;

export const captchaMessages = {
  required: "请输入验证码",
  wrong: "验证码错误或已过期，请重新获取",
  scene: "验证码类型不正确",
} as const;

/**
 * Captchas per scene, stored in the shared database (any replica verifies what another issued).
 * Checking deletes the row whatever the answer: single use, no guessing twice.
 */
export function createCaptchaService(deps: {
  repo: CaptchaRepository;
  settings: SettingsProvider;
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());

  return {
    /** A captcha for `scene`, or `{enable: false}` when that scene needs none. */
    async issue(sceneName: string) {
      const scene = (sceneName || "login") as CaptchaScene;
      if (!CAPTCHA_SCENES.includes(scene)) throw new DomainError("invalid_argument", captchaMessages.scene);
      const s = await deps.settings.security();
      if (!s.captcha.scenes[scene]) return { enable: false, id: "", captcha: "", type: "" };
      const c = newChallenge(s.captcha.kind, s.captcha.length);
      const id = randomUUID();
      const at = now();
      await deps.repo.save({ id, scene, answer: c.answer, expiresAt: new Date(at.getTime() + CAPTCHA_TTL_MS) }, at);
      return {
        enable: true,
        id,
        captcha: svgDataUrl(renderSvg(c.shown, s.captcha.width, s.captcha.height)),
        type: c.kind,
      };
    },

    /** Throws unless the scene needs no captcha or (id, answer) matches an unexpired captcha of it. */
    async check(scene: CaptchaScene, id: string, answer: string): Promise<void> {
      const s = await deps.settings.security();
      if (!s.captcha.scenes[scene]) return;
      const given = answer.trim().toUpperCase();
      if (!id || !given) throw new DomainError("invalid_argument", captchaMessages.required);
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw new DomainError("invalid_argument", captchaMessages.wrong);
      const row = await deps.repo.take(id);
      if (!row || row.scene !== scene || row.expiresAt <= now() || row.answer !== given) {
        throw new DomainError("invalid_argument", captchaMessages.wrong);
      }
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
