// The crawler-readable pages: which paths have one, what each says (title, description, canonical URL,
// Open Graph, JSON-LD, content) and when the answer is 404: `/` (pages.home.ts), `/document/{id}`
// (pages.document.ts), `/category/{id}` (pages.category.ts) and `/article/{id or identifier}`
// (pages.article.ts); what they share is pages.site.ts.
import { articleAnswer } from "./pages.article.js";
import { categoryAnswer } from "./pages.category.js";
import { documentAnswer } from "./pages.document.js";
import { homeAnswer } from "./pages.home.js";
import type { PageContext, SeoAnswer } from "./pages.site.js";

const PAGES: ReadonlyArray<{ pattern: RegExp; answer: (ctx: PageContext, id: string) => Promise<SeoAnswer> }> = [
  { pattern: /^\/$/, answer: (ctx) => homeAnswer(ctx) },
  { pattern: /^\/document\/([^/]+)\/?$/i, answer: documentAnswer },
  { pattern: /^\/category\/([^/]+)\/?$/i, answer: categoryAnswer },
  { pattern: /^\/article\/([^/]+)\/?$/i, answer: articleAnswer },
];

/** The answer for a decoded page path; null when the path has no crawler page (the app page as before). */
export function seoAnswer(ctx: PageContext, pathname: string): Promise<SeoAnswer> | null {
  for (const p of PAGES) {
    const m = p.pattern.exec(pathname);
    if (m) return p.answer(ctx, m[1] ?? "");
  }
  return null;
}
