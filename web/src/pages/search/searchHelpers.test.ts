import { describe, expect, it } from "@jest/globals";
import { highlightSegments } from "../../components/document/highlight.js";
import { readSearch, writeSearch } from "./searchFilters.js";

describe("highlightSegments", () => {
  it("cuts the snippet into plain and marked runs at UTF-16 offsets", () => {
    expect(highlightSegments("…线性代数的矩阵运算…", [1, 5, 6, 8])).toEqual([
      { text: "…", mark: false },
      { text: "线性代数", mark: true },
      { text: "的", mark: false },
      { text: "矩阵", mark: true },
      { text: "运算…", mark: false },
    ]);
    // A character outside the BMP counts two code units, as the server measures.
    expect(highlightSegments("𠀋abc", [2, 3])).toEqual([
      { text: "𠀋", mark: false },
      { text: "a", mark: true },
      { text: "bc", mark: false },
    ]);
  });

  it("sorts, clamps and merges bad ranges so no text is lost or repeated", () => {
    const text = "abcdefgh";
    const cases: number[][] = [[6, 99, 0, 2], [1, 4, 2, 5], [3, 3, 5, 4], [7], [-5, 1]];
    for (const offsets of cases) {
      const segments = highlightSegments(text, offsets);
      expect(segments.map((s) => s.text).join("")).toBe(text);
      expect(segments.every((s) => s.text.length > 0)).toBe(true);
    }
    expect(
      highlightSegments(text, [6, 99, 0, 2])
        .filter((s) => s.mark)
        .map((s) => s.text),
    ).toEqual(["ab", "gh"]);
    expect(
      highlightSegments(text, [1, 4, 2, 5])
        .filter((s) => s.mark)
        .map((s) => s.text),
    ).toEqual(["bcd", "e"]);
    expect(highlightSegments("", [0, 3])).toEqual([]);
  });
});

describe("search filters in the URL", () => {
  it("reads what the header writes and round-trips every filter", () => {
    expect(readSearch(new URLSearchParams("wd=%20矩阵%20&type=0"))).toEqual({
      wd: "矩阵",
      type: 0,
      page: 1,
      sort: "",
      ext: null,
      category: null,
    });
    const full = readSearch(new URLSearchParams("wd=a&type=0&page=3&sort=pages&ext=ppt&category=12"));
    expect(full).toEqual({ wd: "a", type: 0, page: 3, sort: "pages", ext: "ppt", category: 12n });
    expect(writeSearch(full).toString()).toBe("wd=a&type=0&page=3&sort=pages&ext=ppt&category=12");
  });

  it("articles: no file type, and only the sorts articles have", () => {
    const articles = readSearch(new URLSearchParams("wd=a&type=1&page=2&sort=views&ext=ppt&category=12"));
    expect(articles).toEqual({ wd: "a", type: 1, page: 2, sort: "views", ext: null, category: 12n });
    expect(writeSearch(articles).toString()).toBe("wd=a&type=1&page=2&sort=views&category=12");
    expect(readSearch(new URLSearchParams("wd=a&type=1&sort=downloads")).sort).toBe("");
    expect(readSearch(new URLSearchParams("wd=a&type=1&sort=latest")).sort).toBe("latest");
  });

  it("falls back on values it does not know", () => {
    const bad = readSearch(new URLSearchParams("wd=a&type=7&page=-2&sort=random&ext=exe&category=x"));
    expect(bad).toEqual({ wd: "a", type: 0, page: 1, sort: "", ext: null, category: null });
    expect(writeSearch(bad).toString()).toBe("wd=a&type=0");
  });
});
