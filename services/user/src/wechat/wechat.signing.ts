// WeChat's two SHA-1 signatures: the one over (token, timestamp, nonce) that proves a push to the
// official account's server URL came from WeChat (公众号「服务器配置」), and the JS-SDK's over
// (jsapi_ticket, noncestr, timestamp, url) that lets a page configure wx.config for sharing.
import { createHash, timingSafeEqual } from "node:crypto";

const sha1 = (text: string) => createHash("sha1").update(text, "utf8").digest("hex");

/** sha1 of token, timestamp and nonce sorted as strings and joined, as WeChat signs a push. */
export function pushSignature(token: string, timestamp: string, nonce: string): string {
  return sha1([token, timestamp, nonce].sort().join(""));
}

/** Whether `signature` is WeChat's for these parameters (compared in constant time). */
export function isPushSigned(token: string, p: { signature: string; timestamp: string; nonce: string }): boolean {
  if (!token || !/^[0-9a-f]{40}$/i.test(p.signature)) return false;
  const want = Buffer.from(pushSignature(token, p.timestamp, p.nonce), "hex");
  return timingSafeEqual(want, Buffer.from(p.signature.toLowerCase(), "hex"));
}

/**
 * The JS-SDK signature: sha1 of "jsapi_ticket=…&noncestr=…&timestamp=…&url=…" (keys in ASCII order,
 * values as they are), the url without its #fragment.
 */
export function jsapiSignature(p: { ticket: string; noncestr: string; timestamp: number; url: string }): string {
  const url = p.url.split("#")[0] ?? "";
  return sha1(`jsapi_ticket=${p.ticket}&noncestr=${p.noncestr}&timestamp=${p.timestamp}&url=${url}`);
}
