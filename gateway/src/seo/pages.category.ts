// /category/{id}: the category's trail, its subcategories and documents, a CollectionPage JSON-LD.
import { html, safeHref } from "./html.js";
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
  type SeoAnswer,
  siteOf,
} from "./pages.site.js";

export async function categoryAnswer(ctx: PageContext, raw: string): Promise<SeoAnswer> {
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
