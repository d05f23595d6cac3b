// The crawler-readable pages: which paths have one, what each says (title, description, canonical URL,
// Open Graph, JSON-LD, content) and when the answer is 404: `/`, `/document/{id}`, `/category/{id}`
// and `/article/{id or identifier}` (an Article JSON-LD and the article's text).
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { Category } from "@wenku/proto/api/v1/category_pb.js";
import type { Settings } from "@wenku/proto/api/v1/config_pb.js";
import type { CrawlerArticle, CrawlerDocument } from "@wenku/proto/api/v1/content_internal_pb.js";
import type { SeoData } from "./data.js";
import { type Html, html, type SeoPage, safeHref } from "./html.js";

/** What a page path answers: its status, and the page (null: the plain app page). */
export interface SeoAnswer {
  status: 200 | 404;
  page: SeoPage | null;
}

export interface PageContext {
  data: SeoData;
  /** The site's origin from the domain setting (else the request's); null when unknown. */
  origin: (domain: string) => string | null;
}

const LIBRARY = "文库";
const DESCRIPTION_CHARS = 160;
const INT64_MAX = 9_223_372_036_854_775_807n;
const PLAIN: SeoAnswer = { status: 200, page: null };
const NOT_FOUND: SeoAnswer = { status: 404, page: null };

/** The id the web app would read from the URL (a positive int64 in decimal), else null (its not-found page). */
function idOf(raw: string): bigint | null {
  if (!/^[0-9]{1,19}$/.test(raw)) return null;
  const id = BigInt(raw);
  return id > 0n && id <= INT64_MAX ? id : null;
}

interface Site {
  /** The <title> of the home page, after "<page> - " elsewhere (the app's DocumentTitle does the same). */
  title: string;
  name: string;
  description: string;
  keywords: string;
  origin: string | null;
  url: (path: string) => string | null;
}

function siteOf(settings: Settings | null, origin: string | null): Site {
  const s = settings?.system;
  return {
    title: s?.title || s?.sitename || LIBRARY,
    name: s?.sitename || s?.title || LIBRARY,
    description: s?.description ?? "",
    keywords: s?.keywords ?? "",
    origin,
    url: (path) => (origin ? origin + path : null),
  };
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
const clip = (text: string, chars: number) => [...collapse(text)].slice(0, chars).join("");

/** Categories from the root to `leafId`, within `categories` (a missing parent or a cycle ends the walk). */
export function categoryPath(categories: readonly Category[], leafId: bigint): Category[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const path: Category[] = [];
  for (let c = byId.get(leafId); c && !path.includes(c); c = byId.get(c.parentId)) path.unshift(c);
  return path;
}

function breadcrumb(site: Site, trail: ReadonlyArray<{ name: string; path: string }>) {
  const items = [{ name: "首页", path: "/" }, ...trail];
  const nav = html`<nav aria-label="breadcrumb">${items.map(
    (c, i) => html`${i > 0 ? " › " : ""}<a href="${safeHref(c.path)}">${c.name}</a>`,
  )}</nav>`;
  const ld = site.origin
    ? {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: items.map((c, i) => ({
          "@type": "ListItem",
          position: i + 1,
          name: c.name,
          item: site.url(c.path),
        })),
      }
    : null;
  return { nav, ld };
}

/** Paragraphs of a page's text: blank lines split them, line breaks stay. */
function paragraphs(text: string): Html[] {
  return text
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .split("\n")
        .map((l) => l.replace(/\s+/g, " ").trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0)
    .map((lines) => html`<p>${lines.map((l, i) => html`${i > 0 ? html`<br />` : ""}${l}`)}</p>`);
}

const MIME = new Map<string, string>(
  Object.entries({
    ".pdf": "application/pdf",
    ".doc": "application/msword",
    ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ".ppt": "application/vnd.ms-powerpoint",
    ".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ".xls": "application/vnd.ms-excel",
    ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ".txt": "text/plain",
    ".epub": "application/epub+zip",
  }),
);

function documentPage(site: Site, { document: doc, pageText }: CrawlerDocument): SeoPage | null {
  if (!doc) return null;
  const path = `/document/${doc.id}`;
  const leaf = doc.category.find((c) => !doc.category.some((other) => other.parentId === c.id));
  const crumbs = leaf ? categoryPath(doc.category, leaf.id) : [];
  const trail = [...crumbs.map((c) => ({ name: c.title, path: `/category/${c.id}` })), { name: doc.title, path }];
  const { nav, ld } = breadcrumb(site, trail);
  const description = clip(doc.description || pageText.join(" ") || site.description, DESCRIPTION_CHARS);
  const created = doc.createdAt ? timestampDate(doc.createdAt).toISOString() : null;
  const updated = doc.updatedAt ? timestampDate(doc.updatedAt).toISOString() : created;
  const uploader = doc.user?.username || doc.username;
  const image = doc.pages > 0 && doc.cover ? site.url(doc.cover) : null;
  const meta = [uploader, `${doc.pages} 页`, doc.ext.replace(/^\./, "").toUpperCase(), created?.slice(0, 10)];
  const body = html`${nav}
<article>
<h1>${doc.title}</h1>
${doc.description ? html`<p>${doc.description}</p>` : ""}
<p>${meta.filter(Boolean).join(" · ")}</p>
${doc.keywords ? html`<p>${doc.keywords}</p>` : ""}
${pageText.map((text, i) => html`<section data-page="${i + 1}"><h2>第 ${i + 1} 页</h2>${paragraphs(text)}</section>\n`)}
</article>`;
  const digital = {
    "@context": "https://schema.org",
    "@type": "DigitalDocument",
    ...(site.origin ? { "@id": site.url(path), url: site.url(path) } : {}),
    name: doc.title,
    description,
    ...(doc.keywords ? { keywords: doc.keywords } : {}),
    ...(created ? { dateCreated: created, datePublished: created } : {}),
    ...(updated ? { dateModified: updated } : {}),
    ...(uploader ? { author: { "@type": "Person", name: uploader } } : {}),
    ...(MIME.has(doc.ext.toLowerCase()) ? { encodingFormat: MIME.get(doc.ext.toLowerCase()) } : {}),
    ...(doc.language ? { inLanguage: doc.language } : {}),
    ...(image ? { image } : {}),
    isAccessibleForFree: doc.price === 0,
  };
  return {
    title: `${doc.title} - ${site.title}`,
    description,
    keywords: doc.keywords,
    canonical: site.url(path),
    siteName: site.name,
    og: {
      type: "article",
      image,
      extra: [
        ...(created ? ([["article:published_time", created]] as const) : []),
        ...(updated ? ([["article:modified_time", updated]] as const) : []),
      ],
    },
    jsonLd: ld ? [digital, ld] : [digital],
    body,
  };
}

/** A document's uuid as the web app reads /document/{uuid} (16 hex characters, moredoc's links). */
const DOCUMENT_UUID = /^[0-9a-f]{16}$/i;

async function documentAnswer(ctx: PageContext, raw: string): Promise<SeoAnswer> {
  // The web app opens it by uuid; this page is made by id (its canonical URL), so the plain page.
  if (DOCUMENT_UUID.test(raw)) return PLAIN;
  const id = idOf(raw);
  if (id === null) return NOT_FOUND;
  const [found, settings] = await Promise.all([ctx.data.document(id), ctx.data.settings()]);
  if (found === "missing") return NOT_FOUND;
  if (found === "unknown" || closed(settings)) return PLAIN;
  const page = documentPage(siteOf(settings, ctx.origin(settings?.system?.domain ?? "")), found.found);
  return { status: 200, page };
}

/** An article's URL names it by id (digits) or identifier (letters, digits, - and _, as the server allows). */
const ARTICLE_REF = /^(?:[0-9]{1,19}|[A-Za-z0-9_-]{1,64})$/;

function articlePage(site: Site, { article, text }: CrawlerArticle): SeoPage | null {
  if (!article) return null;
  const path = `/article/${article.identifier || article.id}`;
  const leaf = article.category.find((c) => !article.category.some((other) => other.parentId === c.id));
  const crumbs = leaf ? categoryPath(article.category, leaf.id) : [];
  const trail = [
    { name: "文章", path: "/article" },
    ...crumbs.map((c) => ({ name: c.title, path: `/article?category_id=${c.id}` })),
    { name: article.title, path },
  ];
  const { nav, ld } = breadcrumb(site, trail);
  const description = clip(article.description || text || site.description, DESCRIPTION_CHARS);
  const created = article.createdAt ? timestampDate(article.createdAt).toISOString() : null;
  const updated = article.updatedAt ? timestampDate(article.updatedAt).toISOString() : created;
  const author = article.author || article.user?.username || article.username || site.name;
  const meta = [author, created?.slice(0, 10)];
  const body = html`${nav}
<article>
<h1>${article.title}</h1>
${article.description ? html`<p>${article.description}</p>` : ""}
<p>${meta.filter(Boolean).join(" · ")}</p>
${article.keywords ? html`<p>${article.keywords}</p>` : ""}
<section>${paragraphs(text)}</section>
</article>`;
  const ldArticle = {
    "@context": "https://schema.org",
    "@type": "Article",
    ...(site.origin ? { "@id": site.url(path), url: site.url(path), mainEntityOfPage: site.url(path) } : {}),
    headline: clip(article.title, 110),
    name: article.title,
    description,
    ...(article.keywords ? { keywords: article.keywords } : {}),
    ...(created ? { dateCreated: created, datePublished: created } : {}),
    ...(updated ? { dateModified: updated } : {}),
    author: { "@type": article.author ? "Person" : "Organization", name: author },
    publisher: { "@type": "Organization", name: site.name },
    ...(article.category.length ? { articleSection: article.category.map((c) => c.title) } : {}),
  };
  return {
    title: `${article.title} - ${site.title}`,
    description,
    keywords: article.keywords,
    canonical: site.url(path),
    siteName: site.name,
    og: {
      type: "article",
      image: null,
      extra: [
        ...(created ? ([["article:published_time", created]] as const) : []),
        ...(updated ? ([["article:modified_time", updated]] as const) : []),
      ],
    },
    jsonLd: ld ? [ldArticle, ld] : [ldArticle],
    body,
  };
}

async function articleAnswer(ctx: PageContext, raw: string): Promise<SeoAnswer> {
  if (!ARTICLE_REF.test(raw) || (/^[0-9]+$/.test(raw) && idOf(raw) === null)) return NOT_FOUND;
  const [found, settings] = await Promise.all([ctx.data.article(raw), ctx.data.settings()]);
  if (found === "missing") return NOT_FOUND;
  if (found === "unknown" || closed(settings)) return PLAIN;
  const page = articlePage(siteOf(settings, ctx.origin(settings?.system?.domain ?? "")), found.found);
  return { status: 200, page };
}

async function categoryAnswer(ctx: PageContext, raw: string): Promise<SeoAnswer> {
  const id = idOf(raw);
  if (id === null) return NOT_FOUND;
  const [categories, settings] = await Promise.all([ctx.data.categories(), ctx.data.settings()]);
  const cat = categories?.list.find((c) => c.id === id);
  if (!cat) return categories?.complete ? NOT_FOUND : PLAIN;
  if (closed(settings)) return PLAIN;
  const site = siteOf(settings, ctx.origin(settings?.system?.domain ?? ""));
  const list = categories?.list ?? [];
  const path = `/category/${id}`;
  const { nav, ld } = breadcrumb(
    site,
    categoryPath(list, id).map((c) => ({ name: c.title, path: `/category/${c.id}` })),
  );
  const children = list.filter((c) => c.parentId === id);
  const docs = (await ctx.data.categoryDocuments(id)) ?? [];
  const description = clip(cat.description || `${cat.title} - ${site.description}`, DESCRIPTION_CHARS);
  const link = (href: string, text: string) => html`<li><a href="${safeHref(href)}">${text}</a></li>`;
  const body = html`${nav}
<h1>${cat.title}</h1>
${cat.description ? html`<p>${cat.description}</p>` : ""}
${children.length ? html`<ul>${children.map((c) => link(`/category/${c.id}`, c.title))}</ul>` : ""}
${docs.length ? html`<ul>${docs.map((d) => link(`/document/${d.id}`, d.title))}</ul>` : ""}`;
  const collection = {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: cat.title,
    description,
    ...(site.origin ? { url: site.url(path) } : {}),
  };
  return {
    status: 200,
    page: {
      title: `${cat.title} - ${site.title}`,
      description,
      keywords: site.keywords,
      canonical: site.url(path),
      siteName: site.name,
      og: { type: "website", image: cat.cover.startsWith("/") ? site.url(cat.cover) : null },
      jsonLd: ld ? [collection, ld] : [collection],
      body,
    },
  };
}

async function homeAnswer(ctx: PageContext): Promise<SeoAnswer> {
  const [settings, categories] = await Promise.all([ctx.data.settings(), ctx.data.categories()]);
  if (!settings || closed(settings)) return PLAIN;
  const site = siteOf(settings, ctx.origin(settings.system?.domain ?? ""));
  const tops = (categories?.list ?? []).filter((c) => c.parentId === 0n);
  const body = html`<h1>${site.name}</h1>
${site.description ? html`<p>${site.description}</p>` : ""}
<form action="/search" method="get"><input type="search" name="wd" aria-label="搜索" /> <button type="submit">搜索</button></form>
${tops.length ? html`<nav><ul>${tops.map((c) => html`<li><a href="/category/${c.id}">${c.title}</a></li>`)}</ul></nav>` : ""}`;
  const website = {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: site.name,
    ...(site.description ? { description: site.description } : {}),
    ...(site.origin
      ? {
          url: site.url("/"),
          potentialAction: {
            "@type": "SearchAction",
            target: { "@type": "EntryPoint", urlTemplate: `${site.origin}/search?wd={search_term_string}` },
            "query-input": "required name=search_term_string",
          },
        }
      : {}),
  };
  return {
    status: 200,
    page: {
      title: site.title,
      description: clip(site.description, DESCRIPTION_CHARS),
      keywords: site.keywords,
      canonical: site.url("/"),
      siteName: site.name,
      og: { type: "website", image: null },
      jsonLd: [website],
      body,
    },
  };
}

/** A site closed to visitors (or only for signed-in users) shows crawlers the plain app page. */
function closed(settings: Settings | null): boolean {
  return !!(settings?.security?.isClose || settings?.security?.loginRequired);
}

const PAGES: ReadonlyArray<{ pattern: RegExp; answer: (ctx: PageContext, id: string) => Promise<SeoAnswer> }> = [
  { pattern: /^\/$/, answer: (ctx) => homeAnswer(ctx) },
  { pattern: /^\/document\/([^/]+)\/?$/i, answer: documentAnswer },
  { pattern: /^\/category\/([^/]+)\/?$/i, answer: categoryAnswer },
  { pattern: /^\/article\/([^/]+)\/?$/i, answer: articleAnswer },
];

/** The answer for a decoded page path; null when the path has no crawler page (the app page as before). */
export function seoAnswer(ctx: PageContext, pathname: string): Promise<SeoAnswer> | null {
  for (const p of PAGES) {
    const m = p.pattern.exec(pathname);
    if (m) return p.answer(ctx, m[1] ?? "");
  }
  return null;
}
