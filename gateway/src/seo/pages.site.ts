// What every crawler page is made of (pages.ts routes to one of them by path): the answer's shape,
// the site's name and origin from its settings, ids as the web app reads them, breadcrumbs, clipped
// descriptions and paragraphs of text.
import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";
import type { Category } from "@wenku/proto/api/v1/category_pb.js";
import type { Settings } from "@wenku/proto/api/v1/config_pb.js";
import type { Lookup, SeoData } from "./data.js";
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

export const LIBRARY = "文库";
export const DESCRIPTION_CHARS = 160;
export const INT64_MAX = 9_223_372_036_854_775_807n;
export const PLAIN: SeoAnswer = { status: 200, page: null };
export const NOT_FOUND: SeoAnswer = { status: 404, page: null };

/** The id the web app would read from the URL (a positive int64 in decimal), else null (its not-found page). */
export function idOf(raw: string): bigint | null {
  if (!/^[0-9]{1,19}$/.test(raw)) return null;
  const id = BigInt(raw);
  return id > 0n && id <= INT64_MAX ? id : null;
}

export interface Site {
  /** The <title> of the home page, after "<page> - " elsewhere (the app's DocumentTitle does the same). */
  title: string;
  name: string;
  description: string;
  keywords: string;
  origin: string | null;
  url: (path: string) => string | null;
}

export function siteOf(settings: Settings | null, origin: string | null): Site {
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

export const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
export const clip = (text: string, chars: number) => [...collapse(text)].slice(0, chars).join("");

/** Categories from the root to `leafId`, within `categories` (a missing parent or a cycle ends the walk). */
export function categoryPath(categories: readonly Category[], leafId: bigint): Category[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const path: Category[] = [];
  for (let c = byId.get(leafId); c && !path.includes(c); c = byId.get(c.parentId)) path.unshift(c);
  return path;
}

export function breadcrumb(site: Site, trail: ReadonlyArray<{ name: string; path: string }>) {
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
export function paragraphs(text: string): Html[] {
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

/** A site closed to visitors (or only for signed-in users) shows crawlers the plain app page. */
export function closed(settings: Settings | null): boolean {
  return !!(settings?.security?.isClose || settings?.security?.loginRequired);
}

/**
 * The answer of a page about one thing (a document, an article, a category), looked up beside the
 * settings: missing → 404; not known now (its service did not answer) or a closed site → the plain
 * app page; else the page `make` builds from it (null: the plain page).
 */
export async function pageAbout<T>(
  ctx: PageContext,
  lookup: Promise<Lookup<T>>,
  make: (site: Site, found: T) => SeoPage | null | Promise<SeoPage | null>,
): Promise<SeoAnswer> {
  const [found, settings] = await Promise.all([lookup, ctx.data.settings()]);
  if (found === "missing") return NOT_FOUND;
  if (found === "unknown" || closed(settings)) return PLAIN;
  return { status: 200, page: await make(siteOf(settings, ctx.origin(settings?.system?.domain ?? "")), found.found) };
}

/** The path from the root to the deepest of an item's categories (the one none of the others has as parent). */
export function trailOf(categories: readonly Category[]): Category[] {
  const leaf = categories.find((c) => !categories.some((other) => other.parentId === c.id));
  return leaf ? categoryPath(categories, leaf.id) : [];
}

/** When an item was created and last updated (ISO; updated falls back to created), and as og:article times. */
export function datesOf(createdAt: Timestamp | undefined, updatedAt: Timestamp | undefined) {
  const created = createdAt ? timestampDate(createdAt).toISOString() : null;
  const updated = updatedAt ? timestampDate(updatedAt).toISOString() : created;
  const og: Array<readonly [string, string]> = [
    ...(created ? ([["article:published_time", created]] as const) : []),
    ...(updated ? ([["article:modified_time", updated]] as const) : []),
  ];
  return { created, updated, og };
}
