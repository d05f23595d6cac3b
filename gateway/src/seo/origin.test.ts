// The site's origin for absolute URLs: the domain setting, else the request's own origin (a proxy's
// forwarded scheme and host only when it is trusted), never something that is not a host name.
import { createProxyTrust } from "../clientip.js";
import { domainOrigin, requestOrigin, siteOrigin } from "./origin.js";
import { locPrefixer } from "./sitemap.js";

const trust = createProxyTrust(["10.0.0.0/8"]);
const req = (headers: Record<string, string>, remoteAddress = "203.0.113.9", encrypted = false) => ({
  headers,
  socket: { remoteAddress, encrypted },
});

test("the domain setting: scheme, host and port of an http(s) URL; anything else is no origin", () => {
  expect(domainOrigin(" https://Wenku.Example.com/some/path/ ")).toBe("https://wenku.example.com");
  expect(domainOrigin("http://localhost:8080")).toBe("http://localhost:8080");
  expect(
    ["", "wenku.example.com", "ftp://x.example", "javascript:alert(1)", `https://${"a".repeat(300)}.com`].map(
      domainOrigin,
    ),
  ).toEqual([null, null, null, null, null]);
});

test("the request's origin: Host, https on TLS; forwarded scheme and host only from a trusted proxy", () => {
  expect(requestOrigin(req({ host: "Wenku.Example.com:8080" }), trust)).toBe("http://wenku.example.com:8080");
  expect(requestOrigin(req({ host: "wenku.example.com" }, "203.0.113.9", true), trust)).toBe(
    "https://wenku.example.com",
  );
  const forwarded = { host: "internal:8080", "x-forwarded-proto": "https", "x-forwarded-host": "wenku.example.com" };
  expect(requestOrigin(req(forwarded), trust)).toBe("http://internal:8080");
  expect(requestOrigin(req(forwarded, "::ffff:10.1.2.3"), trust)).toBe("https://wenku.example.com");
  expect(requestOrigin(req({ ":authority": "[::1]:8080" }), trust)).toBe("http://[::1]:8080");
  for (const host of ["", "evil.example/path", "a b", "x.example:99999999", 'x"><script>']) {
    expect(requestOrigin(req({ host }), trust)).toBeNull();
  }
});

test("the domain setting wins over the request", () => {
  expect(siteOrigin("https://wenku.example.com", req({ host: "other.example" }), trust)).toBe(
    "https://wenku.example.com",
  );
  expect(siteOrigin("", req({ host: "other.example" }), trust)).toBe("http://other.example");
});

test("locPrefixer puts the origin before every <loc> path, however the stream is cut", () => {
  const xml = Buffer.from(
    '<?xml version="1.0"?>\n<urlset><url><loc>/document/1</loc></url><url><loc>/category/文库</loc></url></urlset>\n',
  );
  const want = xml.toString().replaceAll("<loc>/", "<loc>https://w.example/");
  for (let size = 1; size <= xml.length; size++) {
    const p = locPrefixer("https://w.example");
    const out: Buffer[] = [];
    for (let at = 0; at < xml.length; at += size) out.push(p.push(xml.subarray(at, at + size)));
    out.push(p.end());
    expect(Buffer.concat(out).toString()).toBe(want);
  }
  const odd = locPrefixer(`https://a.example?"&<`);
  expect(Buffer.concat([odd.push(Buffer.from("<loc>/x</loc><loc")), odd.end()]).toString()).toBe(
    "<loc>https://a.example?&quot;&amp;&lt;/x</loc><loc",
  );
});
