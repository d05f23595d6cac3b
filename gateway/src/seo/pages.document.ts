// /document/{id}: the document's title, description, category trail, Open Graph and a DigitalDocument
// JSON-LD, and the text of its first pages.
import type { CrawlerDocument } from "@wenku/proto/api/v1/content_internal_pb.js";
import { html, type SeoPage } from "./html.js";
import {
  breadcrumb,
  clip,
  DESCRIPTION_CHARS,
  datesOf,
  idOf,
  NOT_FOUND,
  type PageContext,
  PLAIN,
  pageAbout,
  paragraphs,
  type SeoAnswer,
  type Site,
  trailOf,
} from "./pages.site.js";

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
  const trail = [
    ...trailOf(doc.category).map((c) => ({ name: c.title, path: `/category/${c.id}` })),
    { name: doc.title, path },
  ];
  const { nav, ld } = breadcrumb(site, trail);
  const description = clip(doc.description || pageText.join(" ") || site.description, DESCRIPTION_CHARS);
  const { created, updated, og } = datesOf(doc.createdAt, doc.updatedAt);
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
    og: { type: "article", image, extra: og },
    jsonLd: ld ? [digital, ld] : [digital],
    body,
  };
}

/** A document's uuid as the web app reads /document/{uuid} (16 hex characters, moredoc's links). */
const DOCUMENT_UUID = /^[0-9a-f]{16}$/i;

export async function documentAnswer(ctx: PageContext, raw: string): Promise<SeoAnswer> {
  // The web app opens it by uuid; this page is made by id (its canonical URL), so the plain page.
  if (DOCUMENT_UUID.test(raw)) return PLAIN;
  const id = idOf(raw);
  if (id === null) return NOT_FOUND;
  return pageAbout(ctx, ctx.data.document(id), documentPage);
}
