// Baidu AI Cloud SMS v3 (POST /api/v3/sendsms), signed with bce-auth-v1 as Baidu AI Cloud documents it:
// a signing key HMAC-SHA256(SK, "bce-auth-v1/{AK}/{timestamp}/{expiration}") in hex, then
// HMAC-SHA256(signingKey, canonicalRequest) in hex, where the canonical request is the method, the
// URI-encoded path, the sorted query and the sorted signed headers (name:value, both URI-encoded).
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

/** RFC 3986: unreserved characters kept, everything else %XX in upper case. */
export function bceEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export interface BceInput {
  accessKeyId: string;
  secretAccessKey: string;
  method: string;
  path: string;
  query: Readonly<Record<string, string>>;
  /** The headers to sign (their names are lower-cased). */
  headers: Readonly<Record<string, string>>;
  /** "YYYY-MM-DDThh:mm:ssZ" (UTC). */
  timestamp: string;
  expirationSeconds: number;
}

/** The Authorization header value. */
export function bceAuthorization(i: BceInput): string {
  const prefix = `bce-auth-v1/${i.accessKeyId}/${i.timestamp}/${i.expirationSeconds}`;
  const signingKey = createHmac("sha256", i.secretAccessKey).update(prefix, "utf8").digest("hex");
  const uri = i.path.split("/").map(bceEncode).join("/");
  const query = Object.keys(i.query)
    .filter((k) => k.toLowerCase() !== "authorization")
    .map((k) => `${bceEncode(k)}=${bceEncode(i.query[k] ?? "")}`)
    .sort()
    .join("&");
  const entries = Object.entries(i.headers).map(([k, v]) => [k.trim().toLowerCase(), v.trim()] as const);
  const headers = entries
    .map(([k, v]) => `${bceEncode(k)}:${bceEncode(v)}`)
    .sort()
    .join("\n");
  const signed = entries
    .map(([k]) => k)
    .sort()
    .join(";");
  const canonicalRequest = [i.method.toUpperCase(), uri, query, headers].join("\n");
  const signature = createHmac("sha256", signingKey).update(canonicalRequest, "utf8").digest("hex");
  return `${prefix}/${signed}/${signature}`;
}

export function createBaiduSender(keys: ProviderKeys, deps: SenderDeps): SmsSender {
  return {
    async send(m) {
      const missing = missingKeys(keys, ["access_key_id", "secret_access_key", "sign_name"]);
      if (missing) return notSent(missing);
      const template = templateOf(keys, m.purpose);
      if (!template) return noTemplate(m.purpose);
      const endpoint = endpointOf(keys, "https://smsv3.bj.baidubce.com");
      const host = new URL(endpoint).host;
      const body = JSON.stringify({
        mobile: m.mobile,
        template,
        signatureId: keys.sign_name,
        contentVar: { code: m.code },
      });
      const timestamp = deps
        .clock()
        .toISOString()
        .replace(/\.\d{3}Z$/, "Z");
      const signedHeaders = { host, "content-type": "application/json", "x-bce-date": timestamp };
      const authorization = bceAuthorization({
        accessKeyId: keys.access_key_id ?? "",
        secretAccessKey: keys.secret_access_key ?? "",
        method: "POST",
        path: "/api/v3/sendsms",
        query: {},
        headers: signedHeaders,
        timestamp,
        expirationSeconds: 1800,
      });
      const answer = await deps.http(`${endpoint}/api/v3/sendsms`, {
        method: "POST",
        headers: { ...signedHeaders, authorization },
        body,
      });
      const text = answerText(answer);
      const r = jsonOf(text);
      if (!r) return { ok: false, response: text, error: `百度云返回了无法识别的内容（HTTP ${answer.status}）` };
      const first = Array.isArray(r.data) ? (r.data[0] as { code?: string; message?: string } | undefined) : undefined;
      if (r.code !== "1000") return { ok: false, response: text, error: `${r.code}: ${r.message}` };
      if (first && first.code !== "1000")
        return { ok: false, response: text, error: `${first.code}: ${first.message}` };
      return { ok: true, response: text, error: "" };
    },
  };
}
