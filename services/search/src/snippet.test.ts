import { SNIPPET_CHARS, type Snippet, snippetOf } from "./snippet.js";

/** The highlighted parts, as strings. */
const marked = (s: Snippet) => {
  const out: string[] = [];
  for (let i = 0; i < s.highlights.length; i += 2) out.push(s.text.slice(s.highlights[i], s.highlights[i + 1]));
  return out;
};

describe("snippetOf", () => {
  test("marks every occurrence of the terms, ignoring case", () => {
    const s = snippetOf({ page: 3, text: "Search engines search. SEARCH!" }, "search");
    expect(s.page).toBe(3);
    expect(s.text).toBe("Search engines search. SEARCH!");
    expect(marked(s)).toEqual(["Search", "search", "SEARCH"]);
  });

  test("a Chinese phrase is one mark (its bigrams merged), wherever it is in the page", () => {
    const filler = "无关的文字".repeat(40);
    const s = snippetOf({ page: 1, text: `${filler}本文介绍全文检索的实现${filler}` }, "全文检索");
    expect(marked(s)).toEqual(["全文检索"]);
    expect(s.text.startsWith("…")).toBe(true);
    expect(s.text.endsWith("…")).toBe(true);
    expect(s.text.length).toBeLessThanOrEqual(SNIPPET_CHARS + 2);
    const at = s.text.indexOf("全文检索");
    expect(at).toBeGreaterThan(10); // some lead before the hit
    expect(s.highlights).toEqual([at, at + 4]);
  });

  test("a word is marked whole when it starts like the term (the backend matched its stem)", () => {
    const s = snippetOf({ page: 1, text: "She was running experiments." }, "running experiment");
    expect(marked(s)).toEqual(["running", "experiments"]);
  });

  test("no match in the excerpt (the hit is further down the page): its start, unmarked", () => {
    const s = snippetOf({ page: 2, text: "a".repeat(500) }, "zebra");
    expect(s).toEqual({ page: 2, text: `${"a".repeat(SNIPPET_CHARS)}…`, highlights: [] });
    expect(snippetOf({ page: 2, text: "short" }, "，。")).toEqual({ page: 2, text: "short", highlights: [] });
  });

  test("regular-expression characters in the query are plain text", () => {
    const s = snippetOf({ page: 1, text: "a+b (c) [d] x.*y" }, "(c) [d] .*");
    expect(marked(s)).toEqual(["c", "d"]);
  });

  test("a window edge never splits a character outside the BMP", () => {
    const text = `${"𠀀".repeat(100)}目标${"𠀀".repeat(100)}`;
    const s = snippetOf({ page: 1, text }, "目标");
    expect(marked(s)).toEqual(["目标"]);
    expect(s.text.replace(/…/g, "")).toMatch(/^(𠀀)+目标(𠀀)+$/u);
  });
});
