import type { ServiceImpl } from "@connectrpc/connect";
import { actor, DomainError } from "@wenku/kit";
import type { UserInternalAPI } from "@wenku/proto/api/v1/user_internal_pb.js";
import { CAPTCHA_SCENES, type CaptchaScene } from "../settings.js";
import { type CaptchaService, captchaMessages } from "./captcha.service.js";

const isScene = (s: string): s is CaptchaScene => (CAPTCHA_SCENES as readonly string[]).includes(s);

/**
 * UserInternalAPI.VerifyCaptcha: another service's form (a comment) carries a captcha this service
 * issued. The calling service forwards its caller's client headers (address, User-Agent, nonce): the
 * captcha must have been issued to that client.
 */
export function createCaptchaInternalHandlers(
  captcha: CaptchaService,
): Pick<ServiceImpl<typeof UserInternalAPI>, "verifyCaptcha"> {
  return {
    async verifyCaptcha(req, ctx) {
      if (!isScene(req.scene)) throw new DomainError("invalid_argument", captchaMessages.scene);
      await captcha.check(req.scene, actor(ctx), req.captchaId, req.captcha);
      return {};
    },
  };
}
