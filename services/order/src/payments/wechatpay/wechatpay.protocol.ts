// The WeChat Pay API v3 protocol pieces the provider follows (the test stand-in, @wenku/testkit/payments,
// has the platform's side of them).
// https://pay.weixin.qq.com/doc/v3/merchant/4012365334 (签名生成) ·
// https://pay.weixin.qq.com/doc/v3/merchant/4012365342 (验签) ·
// https://pay.weixin.qq.com/doc/v3/merchant/4012071382 (回调报文解密)
import { createDecipheriv, type KeyObject, randomBytes } from "node:crypto";
import { rsaSha256Sign } from "../platform.js";

export const WECHATPAY_BASE_URL = "https://api.mch.weixin.qq.com";
export const AUTH_SCHEMA = "WECHATPAY2-SHA256-RSA2048";
/** Signed answers and notifies older or newer than this are refused (replays). */
export const MAX_SKEW_SECONDS = 300;

/** Lines joined with "\n", each line ended by "\n": the signed message of every v3 signature. */
export function signedMessage(...lines: string[]): string {
  return lines.map((l) => `${l}\n`).join("");
}

export interface AuthParts {
  mchid: string;
  serialNo: string;
  nonce: string;
  /** Unix seconds. */
  timestamp: number;
}

/** The Authorization header of a request: `WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",…`. */
export function authorization(method: string, target: string, body: string, parts: AuthParts, key: KeyObject): string {
  const signature = rsaSha256Sign(signedMessage(method, target, String(parts.timestamp), parts.nonce, body), key);
  const fields = {
    mchid: parts.mchid,
    nonce_str: parts.nonce,
    signature,
    timestamp: String(parts.timestamp),
    serial_no: parts.serialNo,
  };
  return `${AUTH_SCHEMA} ${Object.entries(fields)
    .map(([k, v]) => `${k}="${v}"`)
    .join(",")}`;
}

export function newNonce(): string {
  return randomBytes(16).toString("hex").toUpperCase();
}

/** An AEAD_AES_256_GCM resource as notifies and certificate downloads carry it. */
export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
}

/** Decrypts a resource with the APIv3 key (ciphertext = base64 of encrypted bytes ‖ 16-byte tag). Throws when not authentic. */
export function decryptResource(resource: EncryptedResource, apiV3Key: Buffer): string {
  if (resource.algorithm !== "AEAD_AES_256_GCM") throw new Error(`algorithm ${resource.algorithm}`);
  const data = Buffer.from(resource.ciphertext, "base64");
  if (data.length < 17) throw new Error("ciphertext too short");
  const decipher = createDecipheriv("aes-256-gcm", apiV3Key, Buffer.from(resource.nonce, "utf8"));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? "", "utf8"));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString("utf8");
}

/** The Wechatpay-Serial of what WeChat Pay signs with its platform public key (not a certificate). */
export const PUBLIC_KEY_ID = /^PUB_KEY_ID_[0-9A-Za-z]{1,64}$/;
export const isPublicKeyId = (serial: string): boolean => serial.trim().startsWith("PUB_KEY_ID_");

/** Certificate serials compare as hex numbers: case and leading zeros do not matter. */
export function normalizeSerial(serial: string): string {
  return serial
    .trim()
    .toUpperCase()
    .replace(/^0+(?=.)/, "");
}
