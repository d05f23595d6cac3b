// TEST CODE: what WeChat pushes to an official account's server URL when someone scans its QR code,
// written here as WeChat's documentation describes it, independently of services/user/src/wechat:
// plaintext mode signs the query (signature = sha1 of the sorted token, timestamp, nonce); safe mode
// (encrypt_type=aes) also puts the message in <Encrypt>: AES-256-CBC under base64(EncodingAESKey + "="),
// IV its first 16 bytes, over 16 random bytes + the message length (4 bytes, big-endian) + message +
// AppID, PKCS#7 padded to 32-byte blocks; msg_signature = sha1 of the sorted token, timestamp, nonce
// and Encrypt.
import { createCipheriv, createHash, randomBytes } from "node:crypto";

const sha1 = (parts: string[]) => createHash("sha1").update(parts.sort().join("")).digest("hex");

export function signPush(token: string, timestamp: string, nonce: string): string {
  return sha1([token, timestamp, nonce]);
}

/** WeChat's safe-mode encryption of `message` for `appId`. */
export function encryptPush(encodingAesKey: string, appId: string, message: string): string {
  const key = Buffer.from(`${encodingAesKey}=`, "base64");
  const msg = Buffer.from(message, "utf8");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(msg.length);
  const plain = Buffer.concat([randomBytes(16), length, msg, Buffer.from(appId, "utf8")]);
  const pad = 32 - (plain.length % 32);
  const cipher = createCipheriv("aes-256-cbc", key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(Buffer.concat([plain, Buffer.alloc(pad, pad)])), cipher.final()]).toString(
    "base64",
  );
}

export interface ScanPushParams {
  scene: string;
  openid: string;
  subscribe?: boolean;
  token: string;
  /** The official account's AppID (its ToUserName is derived from it). */
  appId: string;
  timestamp?: number;
  nonce?: string;
  /** Safe mode: encrypted with this key for this AppID. */
  encrypt?: { encodingAesKey: string; appId: string };
}

/** The push WeChat sends to `callbackUrl` when `openid` scans the QR code of `scene`. */
export function scanPush(callbackUrl: string, p: ScanPushParams): { url: string; body: string } {
  const timestamp = String(p.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = p.nonce ?? String(randomBytes(4).readUInt32BE());
  const signature = signPush(p.token, timestamp, nonce);
  const key = p.subscribe ? `qrscene_${p.scene}` : p.scene;
  const toUser = `gh_${p.appId.slice(2, 14)}`;
  const message =
    `<xml><ToUserName><![CDATA[${toUser}]]></ToUserName>` +
    `<FromUserName><![CDATA[${p.openid}]]></FromUserName><CreateTime>${timestamp}</CreateTime>` +
    `<MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${p.subscribe ? "subscribe" : "SCAN"}]]></Event>` +
    `<EventKey><![CDATA[${key}]]></EventKey><Ticket><![CDATA[ticket]]></Ticket></xml>`;
  const q = new URLSearchParams({ signature, timestamp, nonce, openid: p.openid });
  if (!p.encrypt) return { url: `${callbackUrl}?${q}`, body: message };
  const encrypted = encryptPush(p.encrypt.encodingAesKey, p.encrypt.appId, message);
  q.set("encrypt_type", "aes");
  q.set("msg_signature", sha1([p.token, timestamp, nonce, encrypted]));
  const body = `<xml><ToUserName><![CDATA[${toUser}]]></ToUserName><Encrypt><![CDATA[${encrypted}]]></Encrypt></xml>`;
  return { url: `${callbackUrl}?${q}`, body };
}
