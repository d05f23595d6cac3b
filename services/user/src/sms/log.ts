// The development provider (sms_provider = smsLog): nothing leaves the machine, the code is written to
// the server log so a developer can sign up by mobile without a vendor account. It works only while the
// process runs with NODE_ENV=development (the kit's default for `npm start`; the Docker image and the
// kustomize base set production); anywhere else SendSms is refused before a code is made.
import type { Logger } from "@wenku/kit";
import type { SmsSender } from "./sender.js";

export function createLogSender(log: Logger): SmsSender {
  return {
    async send(m) {
      log.warn({ mobile: m.mobile, purpose: m.purpose, code: m.code }, "SMS (development, log only): code not sent");
      return { ok: true, response: "log only (development): nothing was sent", error: "" };
    },
  };
}
