// TEST CODE: Baidu AI Cloud SMS v3 (POST /api/v3/sendsms) stand-in. Checks bce-auth-v1 (signing key
// from the auth string prefix, canonical request over the signed headers as received; host must be
// signed), x-bce-date within the expiration, the signature id, template, 11-digit number and a
// 6-digit contentVar.code; answers Baidu's {requestId, code, message, data} shapes.
import { createHmac, randomUUID } from "node:crypto";
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
  access_key_id: "standin-baidu-ak-0000",
  secret_access_key: "standin-baidu-sk-0000",
  sign_name: "sms-sign-standin01",
  ...TEMPLATES,
};

const uri = percentEncode;

function check(x: Exchange): Verdict {
  if (x.method !== "POST" || x.path !== "/api/v3/sendsms") return fail("NotFound", "no such API");
  const parts = String(x.headers.authorization ?? "").split("/");
  if (parts.length !== 6 || parts[0] !== "bce-auth-v1") return fail("AccessDenied", "Authorization is malformed.");
  const [, ak, timestamp, expiration, signed, signature] = parts as [string, string, string, string, string, string];
  if (ak !== KEYS.access_key_id) return fail("InvalidAccessKeyId", "The access key does not exist.");
  if (!fresh(new Date(timestamp), Number(expiration) || 0)) return fail("RequestExpired", "The request has expired.");
  const names = signed.split(";");
  if (!names.includes("host")) return fail("AccessDenied", "host must be signed.");
  const key = createHmac("sha256", KEYS.secret_access_key)
    .update(`bce-auth-v1/${ak}/${timestamp}/${expiration}`)
    .digest("hex");
  const headers = names
    .map((n) => `${uri(n)}:${uri(String(x.headers[n] ?? "").trim())}`)
    .sort()
    .join("\n");
  const canonical = `POST\n${x.path}\n\n${headers}`;
  if (createHmac("sha256", key).update(canonical).digest("hex") !== signature)
    return fail(
      "SignatureDoesNotMatch",
      "The request signature we calculated does not match the signature you provided.",
    );
  let b: { mobile?: string; template?: string; signatureId?: string; contentVar?: { code?: unknown } };
  try {
    b = JSON.parse(x.body) as typeof b;
  } catch {
    return fail("MalformedJson", "The body is not JSON.");
  }
  if (b.signatureId !== KEYS.sign_name) return fail("InvalidSignature", "signatureId is not approved.");
  if (!templateIds.has(String(b.template))) return fail("InvalidTemplate", "template is not approved.");
  if (!/^1[3-9]\d{9}$/.test(String(b.mobile))) return fail("InvalidMobile", "mobile is invalid.");
  const code = String(b.contentVar?.code ?? "");
  if (!/^\d{6}$/.test(code)) return fail("InvalidContentVar", "contentVar does not match the template.");
  return { ok: true, mobile: String(b.mobile), template: String(b.template), code };
}

export function startBaiduSmsStandIn(port = 0): Promise<SmsStandIn> {
  return serveVendor(
    {
      keys: KEYS,
      check,
      answer(res, v) {
        const requestId = randomUUID();
        if (!v.ok) {
          const status = ["AccessDenied", "InvalidAccessKeyId", "RequestExpired", "SignatureDoesNotMatch"].includes(
            v.code,
          )
            ? 403
            : 400;
          return json(res, status, { requestId, code: v.code, message: v.message });
        }
        json(res, 200, {
          requestId,
          code: "1000",
          message: "成功",
          data: [{ code: "1000", message: "成功", mobile: v.mobile, messageId: randomUUID() }],
        });
      },
    },
    port,
  );
}
