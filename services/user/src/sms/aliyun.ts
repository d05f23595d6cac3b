// Alibaba Cloud SMS (dysmsapi), SendSms, with the RPC-style signature (SignatureVersion 1.0,
// HMAC-SHA1): the parameters sorted by name, each percent-encoded (RFC 3986), joined, and the string
// "POST&%2F&" + encode(joined) signed with "<AccessKeySecret>&", base64. Chosen over ACS3-HMAC-SHA256
// because dysmsapi's SendSms is an RPC-style API that still documents and accepts it, and Alibaba
// Cloud publishes a worked example of it (the signer's unit test reproduces it); the parameters go in
// the POST body, not the URL, so the code never lands in a proxy's access log.
import { createHmac } from "node:crypto";
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

/** RFC 3986 percent-encoding as Alibaba Cloud specifies it (space %20, * %2A, ~ kept). */
export function percentEncode(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%7E/g, "~");
}

/** The canonicalised query of `params` (Signature excluded by the caller). */
export function canonicalQuery(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k] ?? "")}`)
    .join("&");
}

/** The Signature parameter of an RPC-style request. */
export function rpcSignature(method: "GET" | "POST", params: Readonly<Record<string, string>>, secret: string): string {
  const stringToSign = `${method}&${percentEncode("/")}&${percentEncode(canonicalQuery(params))}`;
  return createHmac("sha1", `${secret}&`).update(stringToSign, "utf8").digest("base64");
}

export function createAliyunSender(keys: ProviderKeys, deps: SenderDeps): SmsSender {
  return {
    async send(m) {
      const missing = missingKeys(keys, ["access_key_id", "access_key_secret", "sign_name"]);
      if (missing) return notSent(missing);
      const template = templateOf(keys, m.purpose);
      if (!template) return noTemplate(m.purpose);
      const params: Record<string, string> = {
        AccessKeyId: keys.access_key_id ?? "",
        Action: "SendSms",
        Format: "JSON",
        RegionId: "cn-hangzhou",
        SignatureMethod: "HMAC-SHA1",
        SignatureNonce: deps.nonce(),
        SignatureVersion: "1.0",
        Timestamp: deps
          .clock()
          .toISOString()
          .replace(/\.\d{3}Z$/, "Z"),
        Version: "2017-05-25",
        PhoneNumbers: m.mobile,
        SignName: keys.sign_name ?? "",
        TemplateCode: template,
        TemplateParam: JSON.stringify({ code: m.code }),
      };
      params.Signature = rpcSignature("POST", params, keys.access_key_secret ?? "");
      const answer = await deps.http(`${endpointOf(keys, "https://dysmsapi.aliyuncs.com")}/`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: canonicalQuery(params),
      });
      const text = answerText(answer);
      const r = jsonOf(text);
      if (!r) return { ok: false, response: text, error: `阿里云返回了无法识别的内容（HTTP ${answer.status}）` };
      if (r.Code !== "OK") return { ok: false, response: text, error: `${r.Code}: ${r.Message}` };
      return { ok: true, response: text, error: "" };
    },
  };
}
