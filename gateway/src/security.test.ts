import { createHash } from "node:crypto";
import { describe, expect, it } from "@jest/globals";
import { APP_CSP, analyticsSources, appCsp } from "./security.js";

const BAIDU_BODY = `
var _hmt = _hmt || [];
(function() {
  var hm = document.createElement("script");
  hm.src = "https://hm.baidu.com/hm.js?0123456789abcdef";
  var s = document.getElementsByTagName("script")[0];
  s.parentNode.insertBefore(hm, s);
})();
`;
const BAIDU = `<script>${BAIDU_BODY}</script>`;
const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("analyticsSources", () => {
  it("allows Baidu Tongji's inline script by its hash and the host its code loads from", () => {
    expect(analyticsSources(BAIDU)).toEqual({ origins: ["https://hm.baidu.com"], hashes: [sha(BAIDU_BODY)] });
  });

  it("takes the host of a script's src (https, also from // and http URLs) and skips empty scripts", () => {
    const snippet = `<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>
      <script src='//cdn.example.org/a.js'></script><script SRC=http://stats.example.net/s.js></script><script> </script>`;
    expect(analyticsSources(snippet)).toEqual({
      origins: ["https://cdn.example.org", "https://stats.example.net", "https://www.googletagmanager.com"],
      hashes: [],
    });
  });

  it("allows nothing for no snippet, markup without scripts, a javascript: src or an oversized snippet", () => {
    expect(analyticsSources("")).toEqual({ origins: [], hashes: [] });
    expect(analyticsSources("<img src='https://x.example.com/p.gif'>")).toEqual({ origins: [], hashes: [] });
    expect(analyticsSources("<script src='javascript:alert(1)'></script>")).toEqual({ origins: [], hashes: [] });
    expect(analyticsSources(`<script>${"x".repeat(20_001)}</script>`)).toEqual({ origins: [], hashes: [] });
  });
});

describe("appCsp", () => {
  it("is the app's policy when there is no analytics snippet", () => {
    expect(appCsp("")).toBe(APP_CSP);
  });

  it("allows images from this site, data: and blob: only: no third-party image reaches a reader", () => {
    const directives = Object.fromEntries(APP_CSP.split("; ").map((d) => [d.split(" ")[0], d]));
    expect(directives["img-src"]).toBe("img-src 'self' data: blob:");
    expect(APP_CSP).not.toMatch(/https:(?!\/)/);
  });

  it("lets scripts compile WebAssembly (the upload's MD5) but never eval JavaScript", () => {
    const directives = Object.fromEntries(APP_CSP.split("; ").map((d) => [d.split(" ")[0], d]));
    expect(directives["script-src"]).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(APP_CSP).not.toContain("'unsafe-eval'");
  });

  it("adds the snippet's hash and host to script-src and its host to connect-src and img-src (beacons) only", () => {
    const csp = appCsp(BAIDU);
    const directives = Object.fromEntries(csp.split("; ").map((d) => [d.split(" ")[0], d]));
    expect(directives["script-src"]).toBe(
      `script-src 'self' 'wasm-unsafe-eval' https://hm.baidu.com ${sha(BAIDU_BODY)}`,
    );
    expect(directives["img-src"]).toBe("img-src 'self' data: blob: https://hm.baidu.com");
    expect(directives["connect-src"]).toBe("connect-src 'self' https://hm.baidu.com");
    expect(directives["default-src"]).toBe("default-src 'self'");
    expect(csp).not.toContain("unsafe-inline'; script");
    expect(csp.split("; ")).toHaveLength(APP_CSP.split("; ").length);
  });
});
