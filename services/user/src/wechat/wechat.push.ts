// What WeChat pushes to the official account's server URL (公众号「服务器配置」): an XML message, in
// plaintext mode as it is, in safe mode (安全模式, and the compatible mode, 兼容模式: `encrypt_type=aes`
// in the query) as <Encrypt>, a base64 AES-256-CBC ciphertext signed by `msg_signature`. WeChat's
// scheme: the key is base64(EncodingAESKey + "="), 32 bytes, the IV its first 16; the plaintext is
// 16 random bytes, the message length (4 bytes, big-endian), the message and the AppID, padded PKCS#7
// to a multiple of 32; msg_signature = sha1 of the sorted (token, timestamp, nonce, Encrypt).
// Everything here refuses what is not that exactly, without throwing.
import { createDecipheriv, createHash, timingSafeEqual } from "node:crypto";
import { XMLParser } from "fast-xml-parser";

export interface PushAnswer {
  status: number;
  contentType: string;
  body: string;
}

export const pushText = (status: number, body: string): PushAnswer => ({
  status,
  contentType: "text/plain; charset=utf-8",
  body,
});

/** What reading a push needs of the official account's settings. */
export interface PushKeys {
  appId: string;
  token: string;
  /** "" = plaintext mode only. */
  encodingAesKey: string;
}

/** A message's fields, or why the push is refused. */
export type OpenedPush = { msg: Record<string, string> } | { refused: PushAnswer };

const ENCODING_AES_KEY = /^[A-Za-z0-9]{43}$/;
/** WeChat pads the plaintext to a multiple of 32 bytes (not AES's 16). */
const PAD_BLOCK = 32;

const parser = new XMLParser({
  // WeChat's fields are text: keep them as strings (an openid or EventKey of digits stays as sent)
  parseTagValue: false,
  ignoreAttributes: true,
  processEntities: false,
  htmlEntities: false,
});

/** The <xml> fields of a message, or null when the text is not one. */
export function parsePushXml(text: string): Record<string, string> | null {
  let doc: unknown;
  try {
    doc = parser.parse(text);
  } catch {
    return null;
  }
  const xml = (doc as { xml?: unknown })?.xml;
  if (typeof xml !== "object" || xml === null) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(xml)) if (typeof v === "string") out[k] = v.trim();
  return out;
}

/** The scene a scan event carries: "qrscene_<scene>" when it also subscribed, "<scene>" otherwise. */
export function sceneOf(msg: Record<string, string>): string | null {
  if (msg.MsgType !== "event") return null;
  const key = msg.EventKey ?? "";
  if (msg.Event === "subscribe") return key.startsWith("qrscene_") ? key.slice("qrscene_".length) : null;
  if (msg.Event === "SCAN") return key || null;
  return null;
}

const sha1 = (text: string) => createHash("sha1").update(text, "utf8").digest("hex");

/** WeChat's msg_signature over a safe-mode message. */
export function messageSignature(token: string, timestamp: string, nonce: string, encrypt: string): string {
  return sha1([token, timestamp, nonce, encrypt].sort().join(""));
}

/** The AES key an EncodingAESKey stands for, or null when it is not one (43 letters and digits). */
export function aesKeyOf(encodingAesKey: string): Buffer | null {
  if (!ENCODING_AES_KEY.test(encodingAesKey)) return null;
  const key = Buffer.from(`${encodingAesKey}=`, "base64");
  return key.length === 32 ? key : null;
}

/**
 * The message inside a safe-mode <Encrypt>, or null when it is not WeChat's encryption under this key
 * for this AppID (bad base64, length, padding, message length or AppID).
 */
export function decryptMessage(key: Buffer, encrypt: string, appId: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encrypt)) return null;
  const cipher = Buffer.from(encrypt, "base64");
  if (cipher.length === 0 || cipher.length % 16 !== 0) return null;
  let plain: Buffer;
  try {
    const decipher = createDecipheriv("aes-256-cbc", key, key.subarray(0, 16));
    decipher.setAutoPadding(false);
    plain = Buffer.concat([decipher.update(cipher), decipher.final()]);
  } catch {
    return null;
  }
  const pad = plain[plain.length - 1] ?? 0;
  if (pad < 1 || pad > PAD_BLOCK || pad > plain.length) return null;
  for (let i = plain.length - pad; i < plain.length; i++) if (plain[i] !== pad) return null;
  const body = plain.subarray(0, plain.length - pad);
  if (body.length < 20) return null;
  const length = body.readUInt32BE(16);
  if (length > body.length - 20) return null;
  const from = body.subarray(20 + length).toString("utf8");
  if (!appId || from !== appId) return null;
  return body.subarray(20, 20 + length).toString("utf8");
}

/**
 * The message of a POSTed push whose query signature is already checked: as it is in plaintext mode,
 * decrypted and its msg_signature checked in safe mode (a safe-mode push with no EncodingAESKey set is
 * refused: the site cannot read it).
 */
export function openPush(keys: PushKeys, query: URLSearchParams, body: Uint8Array): OpenedPush {
  const outer = parsePushXml(Buffer.from(body).toString("utf8"));
  if (!outer) return { refused: pushText(400, "bad xml") };
  if (query.get("encrypt_type") !== "aes") return { msg: outer };
  const key = aesKeyOf(keys.encodingAesKey);
  if (!key) return { refused: pushText(403, "safe mode is not configured") };
  const encrypt = outer.Encrypt ?? "";
  const given = query.get("msg_signature") ?? "";
  const want = messageSignature(keys.token, query.get("timestamp") ?? "", query.get("nonce") ?? "", encrypt);
  if (!encrypt || !/^[0-9a-f]{40}$/i.test(given)) return { refused: pushText(403, "invalid msg_signature") };
  if (!timingSafeEqual(Buffer.from(want, "hex"), Buffer.from(given.toLowerCase(), "hex")))
    return { refused: pushText(403, "invalid msg_signature") };
  const inner = decryptMessage(key, encrypt, keys.appId);
  if (inner === null) return { refused: pushText(403, "undecryptable message") };
  const msg = parsePushXml(inner);
  return msg ? { msg } : { refused: pushText(400, "bad xml") };
}
