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

  test("the window starts and ends at a word, in English and in Chinese", () => {
    const words = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike ".repeat(3);
    const s = snippetOf({ page: 1, text: `${words}needle ${words}` }, "needle");
    const inner = s.text.replace(/^…/, "").replace(/…$/, "");
    expect(marked(s)).toEqual(["needle"]);
    expect(`${words}needle ${words}`).toContain(inner);
    expect(inner).toMatch(/^[a-z]+ /); // a whole first word
    expect(words.split(" ")).toContain(inner.split(" ")[0]);
    expect(words.split(" ")).toContain(inner.trimEnd().split(" ").at(-1));
    const zh = `${"文档转换服务把上传的文件渲染成页面图片".repeat(5)}全文检索${"封面生成与描述截断都在句子边界".repeat(15)}`;
    const z = snippetOf({ page: 1, text: zh }, "全文检索");
    // Dictionary words depend on their neighbours: boundaries as the segmenter finds them around each edge.
    const starts = (from: number, to: number) =>
      [...new Intl.Segmenter("zh", { granularity: "word" }).segment(zh.slice(from, to))].map((x) => from + x.index);
    const zin = z.text.replace(/^…/, "").replace(/…$/, "");
    const at = zh.indexOf(zin);
    const end = at + zin.length;
    expect(starts(Math.max(0, at - 48), at + 48)).toContain(at);
    expect(end).toBeLessThan(zh.length);
    expect(starts(end - 48, end + 48)).toContain(end);
    expect(marked(z)).toEqual(["全文检索"]);
  });
});
