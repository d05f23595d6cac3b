// Safe-mode pushes (安全模式) against messages encrypted as WeChat documents it, by the test kit's own
// encryptor (tests/kit/src/wechat/push.ts, written apart from this code), and hostile ones: every
// refusal is an answer, never a throw.
import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { encryptPush } from "@wenku/testkit/wechat";
import { aesKeyOf, decryptMessage, messageSignature, openPush, type PushKeys } from "./wechat.push.js";

const keys: PushKeys = {
  appId: "wx2c2769f8efd9abc2",
  token: "spamtest",
  encodingAesKey: "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG",
};
const inner = "<xml><FromUserName><![CDATA[o-openid]]></FromUserName><MsgType><![CDATA[event]]></MsgType></xml>";
const key = aesKeyOf(keys.encodingAesKey) as Buffer;

function safeQuery(encrypt: string, over: Record<string, string> = {}) {
  const q = new URLSearchParams({ timestamp: "1409304348", nonce: "1320562132", encrypt_type: "aes" });
  q.set("msg_signature", messageSignature(keys.token, "1409304348", "1320562132", encrypt));
  for (const [k, v] of Object.entries(over)) q.set(k, v);
  return q;
}
const body = (encrypt: string) => Buffer.from(`<xml><ToUserName>gh_1</ToUserName><Encrypt>${encrypt}</Encrypt></xml>`);

/** AES-256-CBC under the account's key over raw plaintext (no padding added). */
function rawEncrypt(plain: Buffer): string {
  const c = createCipheriv("aes-256-cbc", key, key.subarray(0, 16));
  c.setAutoPadding(false);
  return Buffer.concat([c.update(plain), c.final()]).toString("base64");
}

test("the key is base64 of the EncodingAESKey and '=' (32 bytes); anything else is no key", () => {
  expect(key.length).toBe(32);
  expect(aesKeyOf("")).toBeNull();
  expect(aesKeyOf(`${keys.encodingAesKey}A`)).toBeNull();
  expect(aesKeyOf(`${keys.encodingAesKey.slice(0, 42)}+`)).toBeNull();
});

test("msg_signature is sha1 of the sorted token, timestamp, nonce and Encrypt", () => {
  const want = createHash("sha1").update(["spamtest", "1", "2", "E"].sort().join("")).digest("hex");
  expect(messageSignature("spamtest", "1", "2", "E")).toBe(want);
});

test("a push encrypted as WeChat does opens to its message", () => {
  const encrypt = encryptPush(keys.encodingAesKey, keys.appId, inner);
  const opened = openPush(keys, safeQuery(encrypt), body(encrypt));
  expect(opened).toEqual({ msg: { FromUserName: "o-openid", MsgType: "event" } });
  // a message of many blocks, with characters of several bytes
  const long = `<xml><Content>${"扫码登录".repeat(200)}</Content></xml>`;
  expect(decryptMessage(key, encryptPush(keys.encodingAesKey, keys.appId, long), keys.appId)).toBe(long);
});

test("plaintext mode keeps working: no encrypt_type, the message as it is", () => {
  expect(openPush(keys, new URLSearchParams({ timestamp: "1" }), Buffer.from(inner))).toEqual({
    msg: { FromUserName: "o-openid", MsgType: "event" },
  });
});

test("hostile safe-mode pushes are refused with an answer, never a throw", () => {
  const good = encryptPush(keys.encodingAesKey, keys.appId, inner);
  const refusal = (q: URLSearchParams, b: Buffer, k: PushKeys = keys) => {
    const opened = openPush(k, q, b);
    return "refused" in opened ? `${opened.refused.status} ${opened.refused.body}` : "accepted";
  };
  // no key configured: the site cannot read safe mode
  expect(refusal(safeQuery(good), body(good), { ...keys, encodingAesKey: "" })).toBe("403 safe mode is not configured");
  // signature over another Encrypt, missing, malformed
  expect(refusal(safeQuery(good, { msg_signature: "0".repeat(40) }), body(good))).toBe("403 invalid msg_signature");
  expect(refusal(safeQuery(good, { msg_signature: "" }), body(good))).toBe("403 invalid msg_signature");
  expect(refusal(safeQuery(good, { msg_signature: "zz" }), body(good))).toBe("403 invalid msg_signature");
  expect(refusal(safeQuery(""), body(""))).toBe("403 invalid msg_signature");
  // encrypted for another official account
  const other = encryptPush(keys.encodingAesKey, "wx0000000000000000", inner);
  expect(refusal(safeQuery(other), body(other))).toBe("403 undecryptable message");
  // encrypted under another key
  const foreign = encryptPush("ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210abcdefg", keys.appId, inner);
  expect(refusal(safeQuery(foreign), body(foreign))).toBe("403 undecryptable message");
  // bad padding: a last byte over 32, and padding bytes that disagree
  const head = Buffer.concat([
    randomBytes(16),
    Buffer.from([0, 0, 0, 4]),
    Buffer.from("<x/>"),
    Buffer.from(keys.appId),
  ]);
  // WeChat's padding of this plaintext: 22 bytes of 22 (a 42-byte head)
  const pad = 32 - (head.length % 32);
  expect(pad).toBe(22);
  const valid = rawEncrypt(Buffer.concat([head, Buffer.alloc(pad, pad)]));
  expect(refusal(safeQuery(valid), body(valid))).toBe("400 bad xml"); // "<x/>" is no <xml> message
  const badPad = rawEncrypt(Buffer.concat([head, Buffer.alloc(pad - 1, 7), Buffer.from([40])]));
  expect(refusal(safeQuery(badPad), body(badPad))).toBe("403 undecryptable message");
  const mixed = Buffer.concat([head, Buffer.alloc(pad, pad)]);
  mixed[mixed.length - 3] = 8;
  const mixedPad = rawEncrypt(mixed);
  expect(refusal(safeQuery(mixedPad), body(mixedPad))).toBe("403 undecryptable message");
  // a message length past the end
  const liar = Buffer.from(head);
  liar.writeUInt32BE(0xffffff00, 16);
  const lying = rawEncrypt(Buffer.concat([liar, Buffer.alloc(pad, pad)]));
  expect(refusal(safeQuery(lying), body(lying))).toBe("403 undecryptable message");
  // not base64, not whole blocks, empty
  for (const junk of ["!!!!", Buffer.alloc(20).toString("base64"), "AAAA"]) {
    expect(refusal(safeQuery(junk), body(junk))).toBe("403 undecryptable message");
  }
  // not XML at all, or XML inside that is not a message
  expect(refusal(safeQuery(good), Buffer.from("<<<"))).toMatch(/^(400 bad xml|403 invalid msg_signature)$/);
  const notXml = encryptPush(keys.encodingAesKey, keys.appId, "just text");
  expect(refusal(safeQuery(notXml), body(notXml))).toBe("400 bad xml");
});
