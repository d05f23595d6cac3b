// The platforms' side of their published protocols, as the stand-ins need it: signing and checking
// SHA256withRSA, Alipay's sorted "k=v&…" sign content, WeChat Pay v3's signed message and
// Authorization header, and its AEAD_AES_256_GCM resources. Written here from the platforms' documents
// rather than imported from services/order: a stand-in that reused the provider's code would agree
// with any mistake in it, and the provider's code is not part of its package's surface.
// https://opendocs.alipay.com/common/02kf5q (签名) · https://pay.weixin.qq.com/doc/v3/merchant/4012365334
// (签名生成) · https://pay.weixin.qq.com/doc/v3/merchant/4012071382 (回调报文解密)
import { createCipheriv, createSign, createVerify, type KeyObject, randomBytes } from "node:crypto";

/** What a platform sends to the merchant's notify URL, as the merchant's endpoint receives it. */
export interface PlatformNotify {
  /** Header names lower-cased. */
  headers: Readonly<Record<string, string>>;
  /** The body's exact bytes. */
  body: Uint8Array;
  /** The query string without "?". */
  query: string;
}

/** SHA256withRSA (Alipay's RSA2, WeChat Pay's SHA256-RSA2048), base64. */
export function rsaSha256Sign(message: string, key: KeyObject): string {
  return createSign("RSA-SHA256").update(message, "utf8").sign(key, "base64");
}

/** false for a wrong or malformed signature, never a throw. */
export function rsaSha256Verify(message: string, signature: string, key: KeyObject): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return createVerify("RSA-SHA256").update(message, "utf8").verify(key, signature, "base64");
  } catch {
    return false;
  }
}

/**
 * The string Alipay signs: every parameter except `excluded` and empty values, sorted by key
 * (ASCII), joined as `k=v` with `&`, values raw (not URL-encoded).
 */
export function signContent(params: Readonly<Record<string, string>>, excluded: readonly string[] = ["sign"]): string {
  return Object.keys(params)
    .filter((k) => !excluded.includes(k) && params[k] !== undefined && params[k] !== "")
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
}

const AUTH_SCHEMA = "WECHATPAY2-SHA256-RSA2048";
/** WeChat Pay refuses requests whose timestamp is further than this from its clock. */
export const MAX_SKEW_SECONDS = 300;

/** Lines joined with "\n", each line ended by "\n": the signed message of every v3 signature. */
export function signedMessage(...lines: string[]): string {
  return lines.map((l) => `${l}\n`).join("");
}

/** The fields of a v3 Authorization header; undefined when it is not one. */
export function parseAuthorization(header: string | undefined): Record<string, string> | undefined {
  if (!header?.startsWith(`${AUTH_SCHEMA} `)) return undefined;
  const fields: Record<string, string> = Object.create(null); // names are the sender's: no prototype
  for (const m of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) fields[m[1] ?? ""] = m[2] ?? "";
  return fields;
}

export function newNonce(): string {
  return randomBytes(16).toString("hex").toUpperCase();
}

/** An AEAD_AES_256_GCM resource (ciphertext = base64 of encrypted bytes ‖ 16-byte tag) as WeChat Pay sends it. */
export function encryptResource(plaintext: string, apiV3Key: Buffer, associatedData: string) {
  const nonce = randomBytes(6).toString("hex"); // 12 characters, used as 12 bytes
  const cipher = createCipheriv("aes-256-gcm", apiV3Key, Buffer.from(nonce, "utf8"));
  cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const encrypted = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: "AEAD_AES_256_GCM",
    ciphertext: encrypted.toString("base64"),
    associated_data: associatedData,
    nonce,
  };
}
