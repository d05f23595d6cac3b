// Links on a crawled page (htmlparser2): <a href> and <area href>, resolved against the page (or its
// <base href>), without fragments, http(s) only, with the anchor's text; and the crawl's scope.
import { cleanName } from "@wenku/kit";
import { Parser } from "htmlparser2";

export interface PageLink {
  url: string;
  text: string;
}

/** Links read from one page at most (a page of a million links is a trap, not a library). */
export const MAX_LINKS_PER_PAGE = 5_000;

export function extractLinks(html: string, pageUrl: string): PageLink[] {
  let base = pageUrl;
  const links: PageLink[] = [];
  const seen = new Set<string>();
  let open: { url: string; text: string } | null = null;
  const resolve = (href: string): string | null => {
    try {
      const u = new URL(href.trim(), base);
      if (u.protocol !== "http:" && u.protocol !== "https:") return null;
      u.hash = "";
      return u.href.length <= 2048 ? u.href : null;
    } catch {
      return null;
    }
  };
  const close = () => {
    if (open && !seen.has(open.url) && links.length < MAX_LINKS_PER_PAGE) {
      seen.add(open.url);
      links.push({ url: open.url, text: cleanName(open.text).slice(0, 255) });
    }
    open = null;
  };
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === "base" && attrs.href) base = resolve(attrs.href) ?? base;
        if ((name === "a" || name === "area") && attrs.href) {
          close();
          const url = resolve(attrs.href);
          if (url) open = { url, text: "" };
          if (name === "area") close();
        }
      },
      ontext(text) {
        if (open && open.text.length < 1000) open.text += text;
      },
      onclosetag(name) {
        if (name === "a") close();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  close();
  return links;
}

/** The crawl's scope: the start URL's origin and the path up to its last "/". */
export function scopeOf(start: string): (url: string) => boolean {
  const s = new URL(start);
  const prefix = s.pathname.slice(0, s.pathname.lastIndexOf("/") + 1);
  return (url) => {
    const u = new URL(url);
    return u.origin === s.origin && u.pathname.startsWith(prefix);
  };
}

/** The extension of a URL's last path segment, lower case without the dot ("" when none). */
export function extensionOf(url: string): string {
  const path = new URL(url).pathname;
  const last = path.slice(path.lastIndexOf("/") + 1);
  const dot = last.lastIndexOf(".");
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : "";
}

const PAGE_EXTS = new Set(["", "html", "htm", "xhtml", "shtml", "php", "asp", "aspx", "jsp", "cgi"]);

/** Whether a link may lead to another page worth reading for links (not an image, a script, an archive …). */
export const isPageLike = (url: string) => PAGE_EXTS.has(extensionOf(url));

/** A file's title: its link's text, else its file name without the extension. */
export function fileTitle(url: string, text: string): string {
  if (text) return text;
  const path = new URL(url).pathname;
  let name = path.slice(path.lastIndexOf("/") + 1);
  try {
    name = decodeURIComponent(name);
  } catch {
    // a malformed escape: the name as written
  }
  const dot = name.lastIndexOf(".");
  return cleanName(dot > 0 ? name.slice(0, dot) : name).slice(0, 255) || "untitled";
}
