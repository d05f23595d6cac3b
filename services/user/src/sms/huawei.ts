// Huawei Cloud Message & SMS, batchSendSms (POST /sms/batchSendSms/v1, form-encoded), authenticated
// with the X-WSSE UsernameToken Huawei Cloud documents: PasswordDigest from SHA-256 over
// Nonce + Created + app_secret. The documented header example and Huawei's own code samples encode
// the digest as its lower-case hex string, base64-encoded; that is what we send.
import { createHash } from "node:crypto";
import {
  answerText,
  endpointOf,
  jsonOf,
  missingKeys,
  noTemplate,
  notSent,
  type ProviderKeys,
  type SenderDeps,
  type SmsSender,
  templateOf,
} from "./sender.js";

export const WSSE_AUTHORIZATION = 'WSSE realm="SDP",profile="UsernameToken",type="Appkey"';

/** PasswordDigest of a UsernameToken. */
export function wssePasswordDigest(nonce: string, created: string, appSecret: string): string {
  const hex = createHash("sha256").update(`${nonce}${created}${appSecret}`, "utf8").digest("hex");
  return Buffer.from(hex, "utf8").toString("base64");
}

/** The X-WSSE header. */
export function wsseHeader(appKey: string, appSecret: string, nonce: string, created: string): string {
  const digest = wssePasswordDigest(nonce, created, appSecret);
  return `UsernameToken Username="${appKey}",PasswordDigest="${digest}",Nonce="${nonce}",Created="${created}"`;
}

export function createHuaweiSender(keys: ProviderKeys, deps: SenderDeps): SmsSender {
  return {
    async send(m) {
      const missing = missingKeys(keys, ["app_key", "app_secret", "sender", "endpoint"]);
      if (missing) return notSent(missing);
      const template = templateOf(keys, m.purpose);
      if (!template) return noTemplate(m.purpose);
      const nonce = deps.nonce().replace(/[^0-9a-zA-Z]/g, "");
      const created = deps
        .clock()
        .toISOString()
        .replace(/\.\d{3}Z$/, "Z");
      const form = new URLSearchParams({
        from: keys.sender ?? "",
        to: `+86${m.mobile}`,
        templateId: template,
        templateParas: JSON.stringify([m.code]),
      });
      if (keys.sign_name?.trim()) form.set("signature", keys.sign_name.trim());
      const answer = await deps.http(`${endpointOf(keys, "")}/sms/batchSendSms/v1`, {
        method: "POST",
        headers: {
          authorization: WSSE_AUTHORIZATION,
          "x-wsse": wsseHeader(keys.app_key ?? "", keys.app_secret ?? "", nonce, created),
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: form.toString(),
      });
      const text = answerText(answer);
      const r = jsonOf(text);
      if (!r) return { ok: false, response: text, error: `华为云返回了无法识别的内容（HTTP ${answer.status}）` };
      const first = Array.isArray(r.result) ? (r.result[0] as { status?: string } | undefined) : undefined;
      if (r.code !== "000000") return { ok: false, response: text, error: `${r.code}: ${r.description}` };
      if (first && first.status !== "000000")
        return { ok: false, response: text, error: `号码发送失败：${first.status}` };
      return { ok: true, response: text, error: "" };
    },
  };
}
