import { DomainError } from "@wenku/kit";
import { keywordPattern, searchPages, TEXT_SEARCH_MAX_CHARS, textSearchMessages } from "./document.text-search.js";

describe("document text search matching", () => {
  it("refuses an empty or too long keyword with a message", () => {
    expect(() => keywordPattern("   ")).toThrow(new DomainError("invalid_argument", textSearchMessages.empty));
    expect(() => keywordPattern("字".repeat(TEXT_SEARCH_MAX_CHARS + 1))).toThrow(textSearchMessages.tooLong);
    expect(() => keywordPattern("字".repeat(TEXT_SEARCH_MAX_CHARS))).not.toThrow();
  });

  it("finds a case-insensitive substring per page, with highlights on exactly what matched", () => {
    const pages = ["nothing here", "Alpha beta ALPHABET", "", "文库转换，文库"];
    const r = searchPages(pages, 4, keywordPattern(" alpha "));
    expect(r.total).toBe(2);
    expect(r.hits.map((h) => [h.page, h.count])).toEqual([[2, 2]]);
    const hit = r.hits[0] as (typeof r.hits)[number];
    const marked = [];
    for (let i = 0; i < hit.highlights.length; i += 2)
      marked.push(hit.text.slice(hit.highlights[i], hit.highlights[i + 1]));
    expect(marked).toEqual(["Alpha", "ALPHA"]);
    const cjk = searchPages(pages, 4, keywordPattern("文库"));
    expect(cjk.hits.map((h) => [h.page, h.count])).toEqual([[4, 2]]);
  });

  it("lets whitespace in the keyword match a line break and treats regex characters literally", () => {
    expect(searchPages(["page\none (a+b)"], 1, keywordPattern("page one")).total).toBe(1);
    expect(searchPages(["aab"], 1, keywordPattern("a+b")).total).toBe(0);
  });

  it("counts pages past the preview without showing them", () => {
    const r = searchPages(["secret", "public", "secret", "secret"], 2, keywordPattern("secret"));
    expect(r.hits.map((h) => h.page)).toEqual([1]);
    expect(r.total).toBe(1);
    expect(r.pagesBeyondPreview).toBe(2);
  });
});
