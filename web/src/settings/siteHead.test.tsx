import { describe, expect, it } from "@jest/globals";
import { renderHook } from "@testing-library/react";
import { analyticsScripts, useAnalytics, useFavicon } from "./siteHead.js";

const BAIDU = `<script>
var _hmt = _hmt || [];
(function() { var hm = document.createElement("script"); hm.src = "https://hm.baidu.com/hm.js?abc"; })();
</script>`;

describe("analyticsScripts", () => {
  it("reads inline scripts' text and external scripts' src, in order, as the gateway's CSP does", () => {
    const snippet = `${BAIDU}<script async src="https://stats.example.com/s.js"></script><script> </script>
      <script src="javascript:alert(1)"></script><noscript><img src="https://x.example.com/p.gif"></noscript>`;
    expect(analyticsScripts(snippet)).toEqual([
      { text: BAIDU.slice("<script>".length, -"</script>".length) },
      { src: "https://stats.example.com/s.js" },
    ]);
  });
});

describe("useAnalytics", () => {
  it("adds the snippet's scripts to <head> once, however often layouts mount", () => {
    const snippet = `<script>window.__wkAnalytics = (window.__wkAnalytics || 0) + 1;</script>`;
    renderHook(() => useAnalytics(snippet)).unmount();
    renderHook(() => useAnalytics(snippet));
    const added = document.head.querySelectorAll("script[data-analytics]");
    expect(added).toHaveLength(1);
    expect((window as unknown as { __wkAnalytics: number }).__wkAnalytics).toBe(1);
  });

  it("adds nothing without a snippet", () => {
    const before = document.head.querySelectorAll("script").length;
    renderHook(() => useAnalytics(""));
    expect(document.head.querySelectorAll("script")).toHaveLength(before);
  });
});

describe("useFavicon", () => {
  it("points the page's icons at the site's favicon and restores them after", () => {
    document.head.innerHTML = `<link rel="icon" href="/favicon.ico" sizes="16x16"><link rel="icon" href="/favicon.svg" type="image/svg+xml">`;
    const view = renderHook(() => useFavicon("/uploads/site.png"));
    const icons = [...document.head.querySelectorAll("link[rel='icon']")];
    expect(icons.map((l) => [l.getAttribute("href"), l.getAttribute("type")])).toEqual([
      ["/uploads/site.png", null],
      ["/uploads/site.png", null],
    ]);
    view.unmount();
    expect(icons.map((l) => [l.getAttribute("href"), l.getAttribute("type")])).toEqual([
      ["/favicon.ico", null],
      ["/favicon.svg", "image/svg+xml"],
    ]);
  });
});
