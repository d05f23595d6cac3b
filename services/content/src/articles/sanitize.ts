// The one allow-list of article HTML, applied on the server before an article is stored (and so
// before anyone's browser reads it): what the rich-text editor produces, nothing that can run script.
// - no script, style, svg, math, form or object elements (script and style with their text);
// - no event-handler or other unlisted attributes; style keeps text-align and colours only;
// - links: http, https, mailto or site-relative; images: this site's /uploads/ files or https URLs;
//   videos, their sources and posters: this site's /uploads/ files only (an article's video is one the
//   editor uploaded, checked as MP4/WebM by its bytes). data: URLs are refused everywhere, images too: the editor uploads
//   images (POST /api/v1/upload/article), and a data: image would bypass the upload limits and the
//   attachment records and swell every list read of the content column;
// - iframes only from VIDEO_IFRAME_HOSTS, empty: none (embed a host by listing it there).
import sanitizeHtml from "sanitize-html";

/** Hosts whose https iframes (video embeds) an article may hold; none by default. */
export const VIDEO_IFRAME_HOSTS: readonly string[] = [];

const MEDIA_SRC = /^(?:https:\/\/[^\s"'<>\\]+|\/uploads\/[A-Za-z0-9_\-./]+)$/;
const safeMedia = (src: string | undefined) => !!src && MEDIA_SRC.test(src) && !src.includes("..");
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
  allowedSchemesByTag: { img: ["https"], video: ["https"], source: ["https"], iframe: ["https"] },
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
    img: keepMedia(safeMedia),
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

/** Article HTML as it may be stored and shown: the allow-list above, applied. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
