// TEST CODE: Alibaba Cloud SMS (dysmsapi 2017-05-25) SendSms stand-in, RPC style. Checks the
// signature (SignatureVersion 1.0, HMAC-SHA1 over the sorted, percent-encoded parameters), the common
// parameters, a fresh Timestamp (15 minutes) and a never-seen SignatureNonce, the sign, template,
// 11-digit number and a TemplateParam carrying a 6-digit code; answers dysmsapi's JSON shapes.
import { createHmac, randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import {
  type Exchange,
  fail,
  fresh,
  json,
  percentEncode,
  type SmsStandIn,
  serveVendor,
  TEMPLATES,
  templateIds,
  type Verdict,
} from "./base.js";

const KEYS = {
  access_key_id: "LTAIstandin00000000",
  access_key_secret: "standin-aliyun-secret-0000",
  sign_name: "文库测试",
  ...TEMPLATES,
};

const enc = percentEncode;

const REQUIRED = [
  "AccessKeyId",
  "Action",
  "Format",
  "SignatureMethod",
  "SignatureNonce",
  "SignatureVersion",
  "Timestamp",
  "Version",
  "Signature",
  "PhoneNumbers",
  "SignName",
  "TemplateCode",
];

function checker() {
  const nonces = new Set<string>();
  return (x: Exchange): Verdict => {
    if (x.method !== "POST" || x.path !== "/") return fail("InvalidAction.NotFound", "POST / only");
    const form = new URLSearchParams(x.body);
    const p = Object.fromEntries(form);
    const missing = REQUIRED.find((k) => !p[k]);
    if (missing)
      return fail(
        "MissingParameter",
        `The input parameter "${missing}" that is mandatory for processing this request is not supplied.`,
      );
    if (p.Action !== "SendSms")
      return fail("InvalidAction.NotFound", "Specified api is not found, please check your url and method.");
    if (p.Version !== "2017-05-25") return fail("InvalidVersion", "Specified parameter Version is not valid.");
    if (p.SignatureMethod !== "HMAC-SHA1" || p.SignatureVersion !== "1.0")
      return fail("InvalidParameter", "SignatureMethod/SignatureVersion not supported.");
    if (p.AccessKeyId !== KEYS.access_key_id)
      return fail("InvalidAccessKeyId.NotFound", "Specified access key is not found.");
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(p.Timestamp ?? "") || !fresh(new Date(p.Timestamp ?? ""), 900))
      return fail("InvalidTimeStamp.Expired", "Specified time stamp or date value is expired.");
    if (nonces.has(p.SignatureNonce ?? ""))
      return fail("SignatureNonceUsed", "Specified signature nonce was used already.");
    const { Signature: given, ...rest } = p;
    const canonical = Object.keys(rest)
      .sort()
      .map((k) => `${enc(k)}=${enc(rest[k] ?? "")}`)
      .join("&");
    const expected = createHmac("sha1", `${KEYS.access_key_secret}&`)
      .update(`POST&%2F&${enc(canonical)}`)
      .digest("base64");
    if (expected !== given)
      return fail("SignatureDoesNotMatch", "Specified signature is not matched with our calculation.");
    nonces.add(p.SignatureNonce ?? "");
    if (p.SignName !== KEYS.sign_name) return fail("isv.SMS_SIGNATURE_ILLEGAL", "The signature is illegal.");
    if (!templateIds.has(p.TemplateCode ?? "")) return fail("isv.SMS_TEMPLATE_ILLEGAL", "The template is illegal.");
    if (!/^1[3-9]\d{9}$/.test(p.PhoneNumbers ?? ""))
      return fail("isv.MOBILE_NUMBER_ILLEGAL", "The mobile number is illegal.");
    let code = "";
    try {
      code = String((JSON.parse(p.TemplateParam ?? "") as { code?: unknown }).code ?? "");
    } catch {
      return fail("isv.INVALID_JSON_PARAM", "TemplateParam is not JSON.");
    }
    if (!/^\d{6}$/.test(code)) return fail("isv.TEMPLATE_PARAMS_ILLEGAL", "Template params are illegal.");
    return { ok: true, mobile: p.PhoneNumbers ?? "", template: p.TemplateCode ?? "", code };
  };
}

const AUTH_ERRORS = new Set([
  "SignatureDoesNotMatch",
  "InvalidAccessKeyId.NotFound",
  "InvalidTimeStamp.Expired",
  "SignatureNonceUsed",
  "MissingParameter",
  "InvalidVersion",
  "InvalidAction.NotFound",
  "InvalidParameter",
]);

export function startAliyunSmsStandIn(port = 0): Promise<SmsStandIn> {
  return serveVendor(
    {
      keys: KEYS,
      check: checker(),
      answer(res: ServerResponse, v) {
        const RequestId = randomUUID().toUpperCase();
        if (!v.ok) {
          // Request-level errors are HTTP 4xx; business errors (isv.*) come back 200 with their Code.
          const status = AUTH_ERRORS.has(v.code) ? 400 : 200;
          return json(res, status, { RequestId, HostId: "dysmsapi.aliyuncs.com", Code: v.code, Message: v.message });
        }
        json(res, 200, { Message: "OK", RequestId, BizId: `${Date.now()}^0`, Code: "OK" });
      },
    },
    port,
  );
}
