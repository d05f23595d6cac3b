// /category/{id}: the category's trail, its subcategories and documents, a CollectionPage JSON-LD.
import type { Category } from "@wenku/proto/api/v1/category_pb.js";
import type { Lookup } from "./data.js";
import { html, type SeoPage, safeHref } from "./html.js";
import {
  breadcrumb,
  categoryPath,
  clip,
  DESCRIPTION_CHARS,
  idOf,
  NOT_FOUND,
  type PageContext,
  pageAbout,
  type SeoAnswer,
  type Site,
} from "./pages.site.js";

/** The category `id` and the list it was found in; missing only when that list is complete. */
async function findCategory(ctx: PageContext, id: bigint): Promise<Lookup<{ cat: Category; list: Category[] }>> {
  const categories = await ctx.data.categories();
  const cat = categories?.list.find((c) => c.id === id);
  if (cat) return { found: { cat, list: categories?.list ?? [] } };
  return categories?.complete ? "missing" : "unknown";
}

export async function categoryAnswer(ctx: PageContext, raw: string): Promise<SeoAnswer> {
  const id = idOf(raw);
  if (id === null) return NOT_FOUND;
  return pageAbout(ctx, findCategory(ctx, id), (site, found) => categoryPage(ctx, site, found));
}

async function categoryPage(
  ctx: PageContext,
  site: Site,
  { cat, list }: { cat: Category; list: Category[] },
): Promise<SeoPage> {
  const id = cat.id;
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
    title: `${cat.title} - ${site.title}`,
    description,
    keywords: site.keywords,
    canonical: site.url(path),
    siteName: site.name,
    og: { type: "website", image: cat.cover.startsWith("/") ? site.url(cat.cover) : null },
    jsonLd: ld ? [collection, ld] : [collection],
    body,
  };
}
