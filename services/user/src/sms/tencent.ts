// Tencent Cloud SMS, SendSms (API 2021-01-11), signed with TC3-HMAC-SHA256 as Tencent Cloud's API
// documents it ("Signature v3"): a canonical request over the method, path, query, the signed headers
// (content-type, host) and the body's SHA-256; a key derived from the SecretKey by date, service and
// "tc3_request"; the signature is HMAC-SHA256 of the string to sign, hex.
import { createHash, createHmac } from "node:crypto";
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

const sha256hex = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
const hmac = (key: Buffer | string, s: string) => createHmac("sha256", key).update(s, "utf8").digest();

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  contentType: string;
  payload: string;
  /** Unix seconds (X-TC-Timestamp). */
  timestamp: number;
}

/** The Authorization header of a POST / request with a JSON payload. */
export function tc3Authorization(i: Tc3Input): string {
  const date = new Date(i.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = "content-type;host";
  const canonicalRequest = [
    "POST",
    "/",
    "",
    `content-type:${i.contentType}\nhost:${i.host}\n`,
    signedHeaders,
    sha256hex(i.payload),
  ].join("\n");
  const scope = `${date}/${i.service}/tc3_request`;
  const stringToSign = ["TC3-HMAC-SHA256", String(i.timestamp), scope, sha256hex(canonicalRequest)].join("\n");
  const signing = hmac(hmac(hmac(`TC3${i.secretKey}`, date), i.service), "tc3_request");
  const signature = createHmac("sha256", signing).update(stringToSign, "utf8").digest("hex");
  return `TC3-HMAC-SHA256 Credential=${i.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

const CONTENT_TYPE = "application/json; charset=utf-8";

export function createTencentSender(keys: ProviderKeys, deps: SenderDeps): SmsSender {
  return {
    async send(m) {
      const missing = missingKeys(keys, ["secret_id", "secret_key", "sdk_app_id", "sign_name"]);
      if (missing) return notSent(missing);
      const template = templateOf(keys, m.purpose);
      if (!template) return noTemplate(m.purpose);
      const endpoint = endpointOf(keys, "https://sms.tencentcloudapi.com");
      const host = new URL(endpoint).host;
      const payload = JSON.stringify({
        PhoneNumberSet: [`+86${m.mobile}`],
        SmsSdkAppId: keys.sdk_app_id,
        SignName: keys.sign_name,
        TemplateId: template,
        TemplateParamSet: [m.code],
      });
      const timestamp = Math.floor(deps.clock().getTime() / 1000);
      const authorization = tc3Authorization({
        secretId: keys.secret_id ?? "",
        secretKey: keys.secret_key ?? "",
        service: "sms",
        host,
        contentType: CONTENT_TYPE,
        payload,
        timestamp,
      });
      const answer = await deps.http(`${endpoint}/`, {
        method: "POST",
        headers: {
          authorization,
          "content-type": CONTENT_TYPE,
          host,
          "x-tc-action": "SendSms",
          "x-tc-version": "2021-01-11",
          "x-tc-timestamp": String(timestamp),
          "x-tc-region": keys.region?.trim() || "ap-guangzhou",
        },
        body: payload,
      });
      const text = answerText(answer);
      const r = jsonOf(text)?.Response as
        | { Error?: { Code?: string; Message?: string }; SendStatusSet?: { Code?: string; Message?: string }[] }
        | undefined;
      if (!r) return { ok: false, response: text, error: `腾讯云返回了无法识别的内容（HTTP ${answer.status}）` };
      if (r.Error) return { ok: false, response: text, error: `${r.Error.Code}: ${r.Error.Message}` };
      const status = r.SendStatusSet?.[0];
      if (status?.Code !== "Ok") return { ok: false, response: text, error: `${status?.Code}: ${status?.Message}` };
      return { ok: true, response: text, error: "" };
    },
  };
}
