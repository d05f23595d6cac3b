// TEST CODE: Tencent Cloud SMS SendSms (2021-01-11) stand-in. Checks TC3-HMAC-SHA256 over the signed
// headers as received, the X-TC-* headers (timestamp within 5 minutes), the SdkAppId, sign, template,
// "+86" mobile numbers and one 6-digit parameter; answers Tencent's Response / Response.Error shapes.
import { createHash, createHmac, randomUUID } from "node:crypto";
import {
  type Exchange,
  fail,
  fresh,
  json,
  type SmsStandIn,
  serveVendor,
  TEMPLATES,
  templateIds,
  type Verdict,
} from "./base.js";

const KEYS = {
  secret_id: "AKIDstandin0000000000000000000000",
  secret_key: "standin-tencent-secret-key-0000",
  sdk_app_id: "1400000001",
  sign_name: "文库测试",
  region: "ap-guangzhou",
  ...TEMPLATES,
};

const h = (x: Exchange, name: string) => String(x.headers[name] ?? "");

function check(x: Exchange): Verdict {
  if (x.method !== "POST" || x.path !== "/") return fail("UnsupportedOperation", "POST / only");
  if (h(x, "x-tc-action") !== "SendSms") return fail("InvalidAction", "The action requested was not found.");
  if (h(x, "x-tc-version") !== "2021-01-11") return fail("NoSuchVersion", "The requested version does not exist.");
  if (!h(x, "x-tc-region")) return fail("MissingParameter", "X-TC-Region is required.");
  const ts = Number(h(x, "x-tc-timestamp"));
  if (!fresh(new Date(ts * 1000), 300)) return fail("AuthFailure.SignatureExpire", "Signature expired.");
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      h(x, "authorization"),
    );
  if (!m) return fail("AuthFailure.InvalidAuthorization", "Authorization is malformed.");
  const [, id, date, service, signed, signature] = m as unknown as string[];
  if (id !== KEYS.secret_id) return fail("AuthFailure.SecretIdNotFound", "The SecretId is not found.");
  if (service !== "sms" || date !== new Date(ts * 1000).toISOString().slice(0, 10))
    return fail("AuthFailure.InvalidAuthorization", "Credential scope does not match.");
  const names = (signed ?? "").split(";");
  if (!names.includes("content-type") || !names.includes("host"))
    return fail("AuthFailure.InvalidAuthorization", "content-type and host must be signed.");
  const canonicalHeaders = names.map((n) => `${n}:${h(x, n).trim().toLowerCase()}\n`).join("");
  const hash = (s: string) => createHash("sha256").update(s).digest("hex");
  const canonical = `POST\n/\n\n${canonicalHeaders}\n${signed}\n${hash(x.body)}`;
  const toSign = `TC3-HMAC-SHA256\n${ts}\n${date}/sms/tc3_request\n${hash(canonical)}`;
  const mac = (k: string | Buffer, s: string) => createHmac("sha256", k).update(s).digest();
  const key = mac(mac(mac(`TC3${KEYS.secret_key}`, date ?? ""), "sms"), "tc3_request");
  if (createHmac("sha256", key).update(toSign).digest("hex") !== signature)
    return fail("AuthFailure.SignatureFailure", "The provided credentials could not be validated.");
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(x.body) as Record<string, unknown>;
  } catch {
    return fail("InvalidParameter", "The body is not JSON.");
  }
  if (body.SmsSdkAppId !== KEYS.sdk_app_id)
    return fail("FailedOperation.SmsSdkAppIdVerifyFail", "SdkAppId does not match.");
  if (body.SignName !== KEYS.sign_name)
    return fail("FailedOperation.SignatureIncorrectOrUnapproved", "Sign is not approved.");
  if (!templateIds.has(String(body.TemplateId)))
    return fail("FailedOperation.TemplateIncorrectOrUnapproved", "Template is not approved.");
  const phones = body.PhoneNumberSet;
  if (!Array.isArray(phones) || phones.length !== 1 || !/^\+861[3-9]\d{9}$/.test(String(phones[0])))
    return fail("InvalidParameterValue.IncorrectPhoneNumber", "The phone number is incorrect.");
  const params = body.TemplateParamSet;
  if (!Array.isArray(params) || params.length !== 1 || !/^\d{6}$/.test(String(params[0])))
    return fail("FailedOperation.TemplateParamSetNotMatchApprovedTemplate", "Template params do not match.");
  return { ok: true, mobile: String(phones[0]).slice(3), template: String(body.TemplateId), code: String(params[0]) };
}

export function startTencentSmsStandIn(port = 0): Promise<SmsStandIn> {
  return serveVendor(
    {
      keys: KEYS,
      check,
      answer(res, v) {
        const RequestId = randomUUID();
        if (!v.ok) return json(res, 200, { Response: { Error: { Code: v.code, Message: v.message }, RequestId } });
        json(res, 200, {
          Response: {
            SendStatusSet: [
              {
                SerialNo: randomUUID(),
                PhoneNumber: `+86${v.mobile}`,
                Fee: 1,
                SessionContext: "",
                Code: "Ok",
                Message: "send success",
                IsoCode: "CN",
              },
            ],
            RequestId,
          },
        });
      },
    },
    port,
  );
}
