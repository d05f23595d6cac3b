// /article/{id or identifier}: an Article JSON-LD and the article's text.
import type { CrawlerArticle } from "@wenku/proto/api/v1/content_internal_pb.js";
import { html, type SeoPage } from "./html.js";
import {
  breadcrumb,
  clip,
  DESCRIPTION_CHARS,
  datesOf,
  idOf,
  NOT_FOUND,
  type PageContext,
  pageAbout,
  paragraphs,
  type SeoAnswer,
  type Site,
  trailOf,
} from "./pages.site.js";

/** An article's URL names it by id (digits) or identifier (letters, digits, - and _, as the server allows). */
const ARTICLE_REF = /^(?:[0-9]{1,19}|[A-Za-z0-9_-]{1,64})$/;

function articlePage(site: Site, { article, text }: CrawlerArticle): SeoPage | null {
  if (!article) return null;
  const path = `/article/${article.identifier || article.id}`;
  const trail = [
    { name: "文章", path: "/article" },
    ...trailOf(article.category).map((c) => ({ name: c.title, path: `/article?category_id=${c.id}` })),
    { name: article.title, path },
  ];
  const { nav, ld } = breadcrumb(site, trail);
  const description = clip(article.description || text || site.description, DESCRIPTION_CHARS);
  const { created, updated, og } = datesOf(article.createdAt, article.updatedAt);
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
    og: { type: "article", image: null, extra: og },
    jsonLd: ld ? [ldArticle, ld] : [ldArticle],
    body,
  };
}

export async function articleAnswer(ctx: PageContext, raw: string): Promise<SeoAnswer> {
  if (!ARTICLE_REF.test(raw) || (/^[0-9]+$/.test(raw) && idOf(raw) === null)) return NOT_FOUND;
  return pageAbout(ctx, ctx.data.article(raw), articlePage);
}
