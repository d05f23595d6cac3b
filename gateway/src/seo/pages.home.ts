// /: the site's name and description, a search form, its top categories, a WebSite JSON-LD with a SearchAction.
import { html } from "./html.js";
import { clip, closed, DESCRIPTION_CHARS, type PageContext, PLAIN, type SeoAnswer, siteOf } from "./pages.site.js";

export async function homeAnswer(ctx: PageContext): Promise<SeoAnswer> {
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
