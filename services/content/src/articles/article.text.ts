// An article's text as plain text (the search index, its snippets and the crawler page read it): its
// sanitised HTML (articles/sanitize.ts) without markup, a blank line after each block (paragraph,
// heading, list item, quote, table row …), a line break for each <br>. Entities come back as the
// characters they stand for; nothing of the result is ever HTML.
import sanitizeHtml from "sanitize-html";

const BLOCK = /<\/(?:p|div|h[1-6]|li|blockquote|pre|tr|table|figure|figcaption|ul|ol|caption)\s*>/gi;
const CELL = /<\/t[dh]\s*>/gi;
const BREAK = /<br\s*\/?>/gi;
const ENTITIES = new Map<string, string>(
  Object.entries({ "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" }),
);

export function articleText(html: string): string {
  const marked = html.replace(BREAK, "\n").replace(BLOCK, "$&\n\n").replace(CELL, "$& ");
  // no tags at all: what is left is the text, entities escaped again by sanitize-html (only these five)
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} }).replace(
    /&(?:amp|lt|gt|quot|#39);/g,
    (e) => ENTITIES.get(e) ?? e,
  );
  return text
    .split(/\n[ \t\u00a0]*\n\s*/)
    .map((p) =>
      p
        .split("\n")
        .map((l) => l.replace(/[\s\u00a0]+/g, " ").trim())
        .filter(Boolean)
        .join("\n"),
    )
    .filter(Boolean)
    .join("\n\n");
}
