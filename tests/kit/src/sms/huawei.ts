// TEST CODE: Huawei Cloud Message & SMS batchSendSms stand-in. Checks the fixed WSSE Authorization,
// the X-WSSE UsernameToken (app key, Created within 15 minutes, a never-seen Nonce of 1-128 letters
// and digits, PasswordDigest = base64 of the SHA-256 hex of Nonce + Created + app_secret, as Huawei's
// example header encodes it), the channel number, template, "+86" number and templateParas.
import { createHash, randomUUID } from "node:crypto";
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
  app_key: "standinHuaweiAppKey0000",
  app_secret: "standinHuaweiAppSecret0000",
  sender: "8820000000001",
  sign_name: "文库测试",
  ...TEMPLATES,
};

function checker() {
  const nonces = new Set<string>();
  return (x: Exchange): Verdict => {
    if (x.method !== "POST" || x.path !== "/sms/batchSendSms/v1") return fail("E000510", "no such API");
    if (x.headers.authorization !== 'WSSE realm="SDP",profile="UsernameToken",type="Appkey"')
      return fail("E000002", "Authorization is not WSSE.");
    const m = /^UsernameToken Username="([^"]+)",PasswordDigest="([^"]+)",Nonce="([^"]+)",Created="([^"]+)"$/.exec(
      String(x.headers["x-wsse"] ?? ""),
    );
    if (!m) return fail("E000003", "X-WSSE is malformed.");
    const [, user, digest, nonce, created] = m as unknown as [string, string, string, string, string];
    if (user !== KEYS.app_key) return fail("E000102", "Invalid app_key.");
    if (!/^[0-9A-Za-z]{1,128}$/.test(nonce) || nonces.has(nonce))
      return fail("E000005", "Nonce is invalid or replayed.");
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(created) || !fresh(new Date(created), 900))
      return fail("E000006", "Created is invalid or expired.");
    const hex = createHash("sha256")
      .update(nonce + created + KEYS.app_secret)
      .digest("hex");
    if (Buffer.from(hex).toString("base64") !== digest) return fail("E000004", "Authentication failed.");
    nonces.add(nonce);
    const f = new URLSearchParams(x.body);
    if (f.get("from") !== KEYS.sender) return fail("E200015", "The channel number (from) is invalid.");
    if (!templateIds.has(f.get("templateId") ?? "")) return fail("E200029", "The template is invalid.");
    const to = f.get("to") ?? "";
    if (!/^\+861[3-9]\d{9}$/.test(to)) return fail("E200041", "The number (to) is invalid.");
    let paras: unknown;
    try {
      paras = JSON.parse(f.get("templateParas") ?? "");
    } catch {
      return fail("E200033", "templateParas is not a JSON array.");
    }
    if (!Array.isArray(paras) || paras.length !== 1 || !/^\d{6}$/.test(String(paras[0])))
      return fail("E200033", "templateParas does not match the template.");
    return { ok: true, mobile: to.slice(3), template: f.get("templateId") ?? "", code: String(paras[0]) };
  };
}

export function startHuaweiSmsStandIn(port = 0): Promise<SmsStandIn> {
  return serveVendor(
    {
      keys: KEYS,
      check: checker(),
      answer(res, v) {
        if (!v.ok)
          return json(res, v.code.startsWith("E0000") || v.code === "E000102" ? 401 : 400, {
            code: v.code,
            description: v.message,
          });
        json(res, 200, {
          code: "000000",
          description: "Success",
          result: [
            {
              originTo: `+86${v.mobile}`,
              createTime: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
              from: KEYS.sender,
              smsMsgId: randomUUID(),
              status: "000000",
              countryCode: "CN",
              total: 1,
            },
          ],
        });
      },
    },
    port,
  );
}
