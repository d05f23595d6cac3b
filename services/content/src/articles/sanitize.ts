// The one allow-list of article HTML, applied on the server before an article is stored (and so
// before anyone's browser reads it): what the rich-text editor produces, nothing that can run script.
// - no script, style, svg, math, form or object elements (script and style with their text);
// - no event-handler or other unlisted attributes; style keeps text-align and colours only;
// - links: http, https, mailto or site-relative;
// - images: this site's /uploads/ files only, so no page makes a reader's browser ask a third party (and
//   tell it the reader's address). The editor uploads images (POST /api/v1/upload/article); an image the
//   author pasted from another site (http or https) or as a data: URL is fetched once or decoded by the
//   server when the article is saved and stored like an upload (article.images.ts): articleImageSources
//   names them, and sanitizeArticleHtml(html, stored) puts the stored copies' paths in their place. An
//   image that was not stored (and every remote image of articles saved before this rule) is dropped;
//   - videos, their sources and posters: this site's /uploads/ files only (an article's video is one the
//   editor uploaded, checked as MP4/WebM by its bytes);
// - iframes only from VIDEO_IFRAME_HOSTS, empty: none (embed a host by listing it there).
import sanitizeHtml from "sanitize-html";

/** Hosts whose https iframes (video embeds) an article may hold; none by default. */
export const VIDEO_IFRAME_HOSTS: readonly string[] = [];

/** An image the server may store in an article's place: an http(s) URL or a data: URL (checked by its bytes). */
const REMOTE_IMAGE = /^(?:https?:\/\/[^\s"'<>\\]+|data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=\s]+)$/i;
const OWN_UPLOAD = /^\/uploads\/[A-Za-z0-9_\-.]+$/;
const ownUpload = (src: string | undefined) => !!src && OWN_UPLOAD.test(src) && !src.includes("..");

const COLOUR = /^(?:#[0-9a-fA-F]{3,8}|rgba?\(\s*[\d.%\s,]+\)|[a-zA-Z]{1,20})$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...["p", "br", "hr", "div", "span", "blockquote", "pre", "code", "h1", "h2", "h3", "h4", "h5", "h6"],
    ...["strong", "b", "em", "i", "u", "s", "del", "ins", "mark", "sub", "sup", "small", "a"],
    ...["ul", "ol", "li", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "colgroup", "col"],
    ...["img", "video", "source", "figure", "figcaption"],
    ...(VIDEO_IFRAME_HOSTS.length ? ["iframe"] : []),
  ],
  allowedAttributes: {
    "*": ["style"],
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    video: ["src", "poster", "controls", "width", "height"],
    source: ["src", "type"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan"],
    col: ["span"],
    ol: ["start"],
    iframe: ["src", "width", "height", "allowfullscreen", "frameborder"],
  },
  allowedStyles: {
    "*": {
      "text-align": [/^(?:left|right|center|justify)$/],
      color: [COLOUR],
      "background-color": [COLOUR],
    },
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: [], video: ["https"], source: ["https"], iframe: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "poster"],
  allowProtocolRelative: false,
  allowedIframeHostnames: [...VIDEO_IFRAME_HOSTS],
  disallowedTagsMode: "discard",
  transformTags: {
    // every link opens without handing the site to the target, and earns it no ranking
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        rel: "noopener noreferrer nofollow",
        ...(attribs.target ? { target: "_blank" } : {}),
      },
    }),
    img: keepMedia(ownUpload),
    video: keepMedia(ownUpload),
    source: keepMedia(ownUpload),
  },
  // media whose source was not allowed go altogether (an <img> without src is only a broken box)
  exclusiveFilter: (frame) =>
    (frame.tag === "img" || frame.tag === "source" || frame.tag === "iframe") && !frame.attribs.src,
};

/** The element with its src and poster only where `allowed` takes them. */
function keepMedia(allowed: (src: string | undefined) => boolean) {
  return (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => {
    const { src, poster, ...rest } = attribs;
    return {
      tagName,
      attribs: { ...rest, ...(allowed(src) ? { src } : {}), ...(allowed(poster) ? { poster } : {}) },
    };
  };
}

/**
 * The images of `html` the server would have to store before it may keep them (remote http(s) URLs and
 * data: URLs), each once, in order: what article.images.ts fetches or decodes.
 */
export function articleImageSources(html: string): string[] {
  const found = new Set<string>();
  sanitizeHtml(html, {
    ...OPTIONS,
    transformTags: {
      ...(OPTIONS.transformTags as Record<string, sanitizeHtml.Transformer>),
      img: (tagName, attribs) => {
        const src = attribs.src?.trim();
        if (src && REMOTE_IMAGE.test(src)) found.add(src);
        return { tagName, attribs };
      },
    },
  });
  return [...found];
}

/**
 * Article HTML as it may be stored and shown: the allow-list above, applied; `stored` maps images the
 * server stored (remote and data: sources, as articleImageSources named them) to their /uploads/ paths.
 */
export function sanitizeArticleHtml(html: string, stored: ReadonlyMap<string, string> = new Map()): string {
  if (!stored.size) return sanitizeHtml(html, OPTIONS).trim();
  const img = keepMedia(ownUpload);
  return sanitizeHtml(html, {
    ...OPTIONS,
    transformTags: {
      ...(OPTIONS.transformTags as Record<string, sanitizeHtml.Transformer>),
      img: (tagName, attribs) => {
        const local = attribs.src ? stored.get(attribs.src.trim()) : undefined;
        return img(tagName, local ? { ...attribs, src: local } : attribs);
      },
    },
  }).trim();
}
