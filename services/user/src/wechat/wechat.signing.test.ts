import { isPushSigned, jsapiSignature, pushSignature } from "./wechat.signing.js";

test("the JS-SDK signature of WeChat's worked example (JS-SDK 说明文档, 附录1)", () => {
  expect(
    jsapiSignature({
      ticket: "sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg",
      noncestr: "Wm3WZYTPz0wzccnW",
      timestamp: 1414587457,
      url: "http://mp.weixin.qq.com?params=value",
    }),
  ).toBe("0f9de62fce790f9a083d5c99e95740ceb90c27ed");
});

test("the JS-SDK signature leaves out the URL's #fragment", () => {
  const p = { ticket: "t", noncestr: "n", timestamp: 1, url: "https://site.example/document/1" };
  expect(jsapiSignature({ ...p, url: `${p.url}#page=2` })).toBe(jsapiSignature(p));
});

test("a push is signed by sha1 of the sorted token, timestamp and nonce; anything else is refused", () => {
  // sorted: "1409304348" < "xxx" < "yyy"… as strings
  const signature = pushSignature("token", "1409304348", "1234");
  expect(signature).toMatch(/^[0-9a-f]{40}$/);
  const p = { signature, timestamp: "1409304348", nonce: "1234" };
  expect(isPushSigned("token", p)).toBe(true);
  expect(isPushSigned("token", { ...p, signature: signature.toUpperCase() })).toBe(true);
  expect(isPushSigned("other", p)).toBe(false);
  expect(isPushSigned("token", { ...p, nonce: "1235" })).toBe(false);
  expect(isPushSigned("token", { ...p, signature: "nothex" })).toBe(false);
  expect(isPushSigned("", p)).toBe(false);
});
