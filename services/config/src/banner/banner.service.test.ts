// Banner and friend link validation: each refusal names its field; what is stored is trimmed.

import { refusal } from "../../test/refusal.js";
import { validateFriendlink } from "../friendlink/friendlink.service.js";
import { type BannerInput, validateBanner } from "./banner.service.js";

const banner = (over: Partial<BannerInput> = {}): BannerInput => ({
  id: 0n,
  title: "春季",
  path: "/uploads/0123456789abcdef0123456789abcdef.png",
  url: "",
  type: 0,
  sort: 0,
  enable: true,
  description: "",
  ...over,
});

test("a banner: title, an image of this site or https, a link of this site or http(s), a known type", () => {
  expect(validateBanner(banner({ title: " 春季 ", url: " https://example.com/a " }))).toMatchObject({
    title: "春季",
    url: "https://example.com/a",
  });
  expect(validateBanner(banner({ url: "/document/1", type: 2 })).type).toBe(2);
  expect(refusal(() => validateBanner(banner({ title: "" })))).toEqual(["请输入横幅名称", "title"]);
  expect(refusal(() => validateBanner(banner({ path: "" })))).toEqual(["请上传横幅图片", "path"]);
  expect(validateBanner(banner({ path: "/uploads/0123456789abcdef0123456789abcdef.png" })).path).toBe(
    "/uploads/0123456789abcdef0123456789abcdef.png",
  );
  expect(refusal(() => validateBanner(banner({ path: "https://cdn.example/a.png" })))).toEqual([
    "横幅图片须是本站图片（以 / 开头），不能使用其他网站的图片地址，请上传图片",
    "path",
  ]);
  expect(refusal(() => validateBanner(banner({ path: "http://cdn.example/a.png" })))[1]).toBe("path");
  expect(refusal(() => validateBanner(banner({ path: "//cdn.example/a.png" })))[1]).toBe("path");
  for (const url of ["javascript:alert(1)", "//evil.example", "ftp://x.example", "www.example.com"]) {
    expect(refusal(() => validateBanner(banner({ url })))).toEqual([
      "跳转链接须以 / 、http:// 或 https:// 开头",
      "url",
    ]);
  }
  expect(refusal(() => validateBanner(banner({ type: 3 })))[1]).toBe("type");
  expect(refusal(() => validateBanner(banner({ description: "长".repeat(256) })))[1]).toBe("description");
});

test("a friend link leads to another site: http(s) only", () => {
  const link = { id: 0n, title: "友站", link: "https://example.com", description: "", sort: 0, enable: true };
  expect(validateFriendlink({ ...link, title: " 友站 " }).title).toBe("友站");
  expect(refusal(() => validateFriendlink({ ...link, title: "" }))).toEqual(["请输入友链名称", "title"]);
  expect(refusal(() => validateFriendlink({ ...link, link: "" }))).toEqual(["请输入友链地址", "link"]);
  for (const bad of ["/about", "javascript:alert(1)", "example.com"]) {
    expect(refusal(() => validateFriendlink({ ...link, link: bad }))).toEqual([
      "友链地址须以 http:// 或 https:// 开头",
      "link",
    ]);
  }
});
