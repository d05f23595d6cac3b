// normalizeValue for the `endpoint` format (the pay platforms' gateway / API base URLs): https only,
// except plain http on this machine for a local test stand-in; no query, fragment or credentials.
import { catalogEntry } from "./catalog.js";
import { normalizeValue } from "./values.js";

const key = (category: string, name: string) => {
  const k = catalogEntry(category, name);
  if (!k) throw new Error(`no key ${category}.${name}`);
  return k;
};

test.each([
  ["alipay", "gateway_url"],
  ["wechatpay", "base_url"],
])("%s.%s defaults to the production https URL and accepts https or loopback http", (category, name) => {
  const k = key(category, name);
  expect(k.format).toBe("endpoint");
  expect(k.value).toMatch(/^https:\/\/(openapi\.alipay\.com\/gateway\.do|api\.mch\.weixin\.qq\.com)$/);
  expect(normalizeValue(k, "https://openapi-sandbox.dl.alipaydev.com/gateway.do")).toBe(
    "https://openapi-sandbox.dl.alipaydev.com/gateway.do",
  );
  expect(normalizeValue(k, " https://api.example.com/v3/ ")).toBe("https://api.example.com/v3");
  expect(normalizeValue(k, "http://127.0.0.1:4321/gateway.do")).toBe("http://127.0.0.1:4321/gateway.do");
  expect(normalizeValue(k, "http://localhost:8080")).toBe("http://localhost:8080");
  expect(normalizeValue(k, "http://[::1]:8080")).toBe("http://[::1]:8080");
  expect(normalizeValue(k, "")).toBe("");
});

test.each([
  "http://openapi.alipay.com/gateway.do",
  "http://10.0.0.1/gateway.do",
  "http://127.0.0.1.evil.example/gateway.do",
  "ftp://127.0.0.1/",
  "https://openapi.alipay.com/gateway.do?charset=gbk",
  "https://openapi.alipay.com/gateway.do#x",
  "https://user:pw@openapi.alipay.com/gateway.do",
  "openapi.alipay.com",
  "javascript:alert(1)",
])("an endpoint %s is refused with a message naming the field", (value) => {
  expect(() => normalizeValue(key("alipay", "gateway_url"), value)).toThrow(/「支付宝网关地址」须为 https:\/\//);
});

test("an image setting (logo, favicon, backgrounds) is this site's image: another site's URL is refused", () => {
  const logo = key("system", "logo");
  expect(normalizeValue(logo, " /uploads/0123456789abcdef0123456789abcdef.png ")).toBe(
    "/uploads/0123456789abcdef0123456789abcdef.png",
  );
  expect(normalizeValue(logo, "")).toBe("");
  for (const other of ["https://cdn.example/logo.png", "http://cdn.example/logo.png", "//cdn.example/logo.png"]) {
    expect(() => normalizeValue(logo, other)).toThrow("须为本站图片（/开头），不能使用其他网站的图片地址，请上传图片");
  }
});

test("a new site's recharge tiers are valid tiers, on the credit_exchange step (issue #25 item 5)", () => {
  const tiers = key("score", "recharge_discount");
  expect(tiers.value).not.toBe(""); // moredoc Pro's recharge box would otherwise send quantity 0
  expect(normalizeValue(tiers, tiers.value)).toBe(tiers.value);
  const exchange = Number(key("score", "credit_exchange").value);
  for (const line of tiers.value.split("\n")) expect(Number(line.split(":")[0]) % exchange).toBe(0);
});
