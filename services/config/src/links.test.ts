import { escapeHtml, isHttpUrl, isImageSource, isLink, isSitePath } from "./links.js";

test("http(s) URLs need a host", () => {
  for (const ok of ["https://example.com", "http://example.com/a?b=1#c", "HTTPS://EXAMPLE.COM/x"]) {
    expect([ok, isHttpUrl(ok)]).toEqual([ok, true]);
  }
  for (const bad of ["https://", "ftp://example.com", "javascript:alert(1)", "example.com", "/path", "http:/x"]) {
    expect([bad, isHttpUrl(bad)]).toEqual([bad, false]);
  }
});

test("a site path starts with one slash and never names another host", () => {
  for (const ok of ["/", "/category/1", "/uploads/0123456789abcdef0123456789abcdef.png", "/search?wd=a#x"]) {
    expect([ok, isSitePath(ok)]).toEqual([ok, true]);
  }
  for (const bad of ["//evil.example", "/\\evil.example", "relative", "/a b", "/a\\b", "", " /x"]) {
    expect([bad, isSitePath(bad)]).toEqual([bad, false]);
  }
  expect([isLink("https://a.example"), isLink("/a"), isLink("data:text/html,x"), isLink("")]).toEqual([
    true,
    true,
    false,
    false,
  ]);
});

test("an image comes from this site only (the CSP loads no other site's)", () => {
  expect(["/uploads/a.png"].map(isImageSource)).toEqual([true]);
  expect(
    [
      "https://cdn.example/a.png",
      "http://cdn.example/a.png",
      "//cdn.example/a.png",
      "data:image/png;base64,AA",
      "javascript:x",
    ].map(isImageSource),
  ).toEqual([false, false, false, false, false]);
});

test("escapeHtml leaves nothing that ends an attribute or starts a tag", () => {
  expect(escapeHtml(`"><script>alert('x')</script>&`)).toBe(
    "&#34;&#62;&#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62;&#38;",
  );
});
