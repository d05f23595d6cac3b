// The crawler-readable page: the web app's index.html with the page's <title>, meta description,
// canonical URL, Open Graph tags and JSON-LD in its head, and the page's content inside #root, where
// React's createRoot replaces it when the app starts (web/src/main.tsx renders into #root; createRoot
// clears what the container held, there is no hydration to mismatch). The content is hidden while
// scripts run (the app shows the page) and shown when they do not (a <noscript> style): a crawler
// that reads HTML gets the text, a browser without JavaScript a readable page.
//
// Everything taken from data goes through `html` (text and attribute values escaped) or `jsonLd`
// (`<`, `>`, `&` and the JavaScript line separators written as \u escapes), so a title like
// `</script><script>alert(1)</script>` stays text.

/** A piece of markup whose inserted values were escaped: made by `html`, or by `Html.of` for fixed markup. */
export class Html {
  private constructor(readonly value: string) {}
  /** Trusts `value` as markup: for constants of this code only, never for data. */
  static of(value: string): Html {
    return new Html(value);
  }
  toString(): string {
    return this.value;
  }
}

type Part = Html | string | number | bigint | null | undefined | false | readonly Part[];

const ENTITIES = new Map<string, string>(
  Object.entries({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }),
);

/** Text safe in element content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES.get(c) as string);
}

function render(part: Part): string {
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join("");
  if (part === null || part === undefined || part === false) return "";
  return escapeHtml(String(part));
}

/** Markup from a template: each interpolated string or number is escaped, nested Html kept, arrays joined. */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0] ?? "";
  values.forEach((v, i) => {
    out += render(v) + (strings[i + 1] ?? "");
  });
  return Html.of(out);
}

/** A link target: a site path or an http(s) URL; anything else (javascript:, data: …) becomes "/". */
export function safeHref(url: string): string {
  if (url.startsWith("/") && !url.startsWith("//")) return url;
  return /^https?:\/\/[^/\s]/i.test(url) ? url : "/";
}

/** A JSON-LD block: JSON whose `<`, `>`, `&`, U+2028 and U+2029 cannot end the script element or confuse a parser. */
export function jsonLd(data: unknown): Html {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return Html.of(`<script type="application/ld+json">${json}</script>`);
}

export interface SeoPage {
  /** The whole <title>. */
  title: string;
  description: string;
  keywords: string;
  /** The page's absolute URL; null when the site's origin is unknown (then no canonical, og:url). */
  canonical: string | null;
  siteName: string;
  og: { type: "website" | "article"; image: string | null; extra?: ReadonlyArray<readonly [string, string]> };
  jsonLd: readonly unknown[];
  /** The content a crawler reads (built with `html`). */
  body: Html;
}

/** The element holding the content; hidden while the app (scripts) runs. */
export const SEO_CONTAINER_ID = "wk-seo";
const STYLE =
  `<style>#${SEO_CONTAINER_ID}{display:none}</style>` +
  `<noscript><style>#${SEO_CONTAINER_ID}{display:block;max-width:960px;margin:0 auto;padding:16px;` +
  "font:16px/1.7 system-ui,sans-serif;color:#1f1f1f;overflow-wrap:anywhere}</style></noscript>";

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /[ \t]*<meta\s+name=["']description["'][^>]*>\r?\n?/i;
const ROOT = /<div id="root">\s*<\/div>/;

function headOf(page: SeoPage): string {
  const tags: Html[] = [html`<title>${page.title}</title>`];
  const named = (name: string, content: string | null) => {
    if (content) tags.push(html`<meta name="${name}" content="${content}" />`);
  };
  const property = (name: string, content: string | null) => {
    if (content) tags.push(html`<meta property="${name}" content="${content}" />`);
  };
  named("description", page.description);
  named("keywords", page.keywords);
  if (page.canonical) tags.push(html`<link rel="canonical" href="${page.canonical}" />`);
  property("og:type", page.og.type);
  property("og:site_name", page.siteName);
  property("og:title", page.title);
  property("og:description", page.description);
  property("og:url", page.canonical);
  property("og:image", page.og.image);
  property("og:locale", "zh_CN");
  for (const [name, content] of page.og.extra ?? []) property(name, content);
  named("twitter:card", page.og.image ? "summary_large_image" : "summary");
  for (const data of page.jsonLd) tags.push(jsonLd(data));
  tags.push(Html.of(STYLE));
  return tags.map((t) => t.value).join("\n    ");
}

/**
 * The app's index.html (`template`) carrying `page`; null when the template has no `<div id="root">`
 * to put the content in (then the caller serves the plain app page).
 */
export function renderPage(template: string, page: SeoPage): string | null {
  if (!ROOT.test(template)) return null;
  const head = headOf(page);
  let out = template.replace(DESCRIPTION, "");
  out = TITLE.test(out) ? out.replace(TITLE, () => head) : out.replace(/<\/head>/i, () => `${head}\n  </head>`);
  const body = html`<div id="root"><div id="${SEO_CONTAINER_ID}">${page.body}</div></div>`.value;
  return out.replace(ROOT, () => body);
}
