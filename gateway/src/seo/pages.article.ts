// /article/{id or identifier}: an Article JSON-LD and the article's text.
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { CrawlerArticle } from "@wenku/proto/api/v1/content_internal_pb.js";
import { html, type SeoPage } from "./html.js";
import {
  breadcrumb,
  categoryPath,
  clip,
  closed,
  DESCRIPTION_CHARS,
  idOf,
  NOT_FOUND,
  type PageContext,
  PLAIN,
  paragraphs,
  type SeoAnswer,
  type Site,
  siteOf,
} from "./pages.site.js";

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

export async function articleAnswer(ctx: PageContext, raw: string): Promise<SeoAnswer> {
  if (!ARTICLE_REF.test(raw) || (/^[0-9]+$/.test(raw) && idOf(raw) === null)) return NOT_FOUND;
  const [found, settings] = await Promise.all([ctx.data.article(raw), ctx.data.settings()]);
  if (found === "missing") return NOT_FOUND;
  if (found === "unknown" || closed(settings)) return PLAIN;
  const page = articlePage(siteOf(settings, ctx.origin(settings?.system?.domain ?? "")), found.found);
  return { status: 200, page };
}
