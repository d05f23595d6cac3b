// The crawler page's HTML: what goes into the head and into #root, and that nothing taken from data
// can leave the text it was put in (a title holding </script><script>… stays inert).
import { escapeHtml, html, jsonLd, renderPage, type SeoPage, safeHref } from "./html.js";

/** The shape Vite writes (web/index.html after the build). */
export const TEMPLATE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="文库 · Wenku document library" />
    <link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48" />
    <title>文库</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>文库需要启用 JavaScript · Wenku needs JavaScript enabled.</noscript>
  </body>
</html>
`;

const EVIL = `</script><script>alert(1)</script>"'&<b>`;

function page(over: Partial<SeoPage> = {}): SeoPage {
  return {
    title: "年度报告 - 文库",
    description: "一份报告",
    keywords: "报告,财务",
    canonical: "https://wenku.example.com/document/7",
    siteName: "文库",
    og: {
      type: "article",
      image: "https://wenku.example.com/view/cover/abc",
      extra: [["article:published_time", "2024-01-02T00:00:00.000Z"]],
    },
    jsonLd: [{ "@context": "https://schema.org", "@type": "DigitalDocument", name: "年度报告" }],
    body: html`<h1>${"年度报告"}</h1>`,
    ...over,
  };
}

/** The JSON-LD blocks of a rendered page, parsed. */
const ldOf = (out: string) =>
  [...out.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] as string),
  );

describe("escaping", () => {
  test("escapeHtml and the html template escape text and attribute values; Html nests as is", () => {
    expect(escapeHtml(EVIL)).toBe("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;&lt;b&gt;");
    const inner = html`<b>${"<i>"}</b>`;
    expect(html`<a href="${'" onclick="x'}">${inner}${[1, 2n, null, false, undefined]}</a>`.value).toBe(
      '<a href="&quot; onclick=&quot;x"><b>&lt;i&gt;</b>12</a>',
    );
  });

  test("safeHref keeps site paths and http(s) URLs only", () => {
    expect(
      ["/document/1", "https://a.example/x", "javascript:alert(1)", "//evil.example", "data:text/html,x"].map(safeHref),
    ).toEqual(["/document/1", "https://a.example/x", "/", "/", "/"]);
  });

  test("JSON-LD cannot end its script element, and reads back as the same data", () => {
    const block = jsonLd({ name: EVIL, sep: "a\u2028b" }).value;
    const open = '<script type="application/ld+json">';
    expect(block.startsWith(open) && block.endsWith("</script>")).toBe(true);
    const json = block.slice(open.length, -"</script>".length);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ name: EVIL, sep: "a\u2028b" });
  });
});

describe("renderPage", () => {
  test("puts the title, one meta description, canonical, Open Graph and JSON-LD in the head", () => {
    const out = renderPage(TEMPLATE, page()) as string;
    const head = out.slice(0, out.indexOf("</head>"));
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain("<title>年度报告 - 文库</title>");
    expect(head.match(/name="description"/g)).toHaveLength(1);
    expect(head).toContain('<meta name="description" content="一份报告" />');
    expect(head).toContain('<meta name="keywords" content="报告,财务" />');
    expect(head).toContain('<link rel="canonical" href="https://wenku.example.com/document/7" />');
    for (const [p, v] of [
      ["og:type", "article"],
      ["og:title", "年度报告 - 文库"],
      ["og:url", "https://wenku.example.com/document/7"],
      ["og:image", "https://wenku.example.com/view/cover/abc"],
      ["og:site_name", "文库"],
      ["article:published_time", "2024-01-02T00:00:00.000Z"],
    ]) {
      expect(head).toContain(`<meta property="${p}" content="${v}" />`);
    }
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(ldOf(out)).toEqual([{ "@context": "https://schema.org", "@type": "DigitalDocument", name: "年度报告" }]);
    // the charset stays first, the app's script and styles stay
    expect(head.indexOf('<meta charset="UTF-8" />')).toBeLessThan(head.indexOf("<title>"));
    expect(head).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  test("the content goes inside #root, in a container hidden unless scripts are off", () => {
    const out = renderPage(TEMPLATE, page()) as string;
    expect(out).toContain('<div id="root"><div id="wk-seo"><h1>年度报告</h1></div></div>');
    expect(out).toContain("<style>#wk-seo{display:none}</style><noscript><style>#wk-seo{display:block;");
    expect(out).toContain("<noscript>文库需要启用 JavaScript · Wenku needs JavaScript enabled.</noscript>");
    expect(out.match(/id="root"/g)).toHaveLength(1);
  });

  test("a title, description and body holding markup come out as text (no new element, no script)", () => {
    const out = renderPage(
      TEMPLATE,
      page({
        title: EVIL,
        description: EVIL,
        keywords: EVIL,
        canonical: `https://wenku.example.com/document/7?"><script>`,
        jsonLd: [{ name: EVIL }],
        body: html`<h1>${EVIL}</h1>`,
      }),
    ) as string;
    expect(out).not.toContain("<script>alert(1)");
    expect(out).not.toContain("<b>");
    expect(out.match(/<script/g)).toHaveLength(2); // the app's module script and the JSON-LD block
    expect(out).toContain(`<title>${escapeHtml(EVIL)}</title>`);
    expect(out).toContain(`<h1>${escapeHtml(EVIL)}</h1>`);
    expect(ldOf(out)).toEqual([{ name: EVIL }]);
  });

  test("no canonical or og:url without an origin; a template without #root gives null", () => {
    const out = renderPage(TEMPLATE, page({ canonical: null, og: { type: "website", image: null } })) as string;
    expect(out).not.toContain("canonical");
    expect(out).not.toContain("og:url");
    expect(out).not.toContain("og:image");
    expect(out).toContain('<meta name="twitter:card" content="summary" />');
    expect(renderPage("<html><head><title>x</title></head><body></body></html>", page())).toBeNull();
  });
});
