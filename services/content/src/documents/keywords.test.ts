import { DERIVED_KEYWORDS_MAX, deriveKeywords, KEYWORDS_MAX_CHARS, keywordSet, normalizeKeywords } from "./keywords.js";

describe("deriveKeywords", () => {
  test("keeps Chinese words of two or more characters and Latin words of three or more letters", () => {
    expect(deriveKeywords("2024年全国大学生数学竞赛优秀论文 Machine Learning 入门 AI")).toBe(
      "全国,大学生,数学,竞赛,优秀,论文,Machine,Learning",
    );
  });

  test("drops numbers, single characters, punctuation and stop words; dedupes case-insensitively", () => {
    expect(deriveKeywords("Python 与 python：the 数据 分析 与 数据 123")).toBe("Python,数据,分析");
  });

  test("at most DERIVED_KEYWORDS_MAX words and never longer than the column", () => {
    const many = Array.from({ length: 20 }, (_, i) => `word${String.fromCharCode(97 + i)}`).join(" ");
    expect(deriveKeywords(many).split(",")).toHaveLength(DERIVED_KEYWORDS_MAX);
    const long = Array.from({ length: 8 }, (_, i) => `${"x".repeat(60)}${String.fromCharCode(97 + i)}`).join(" ");
    const derived = deriveKeywords(long);
    expect(derived.length).toBeLessThanOrEqual(KEYWORDS_MAX_CHARS);
    expect(derived.split(",")).toHaveLength(4);
  });

  test("a title without words gives no keywords", () => {
    expect(deriveKeywords("  123 — ！ ")).toBe("");
  });
});

describe("normalizeKeywords", () => {
  test("accepts Chinese and Latin separators, trims and dedupes", () => {
    expect(normalizeKeywords(" 数学， 建模、论文;论文 ,  math Math ")).toBe("数学,建模,论文,math");
    expect(normalizeKeywords("   ")).toBe("");
  });

  test("refuses keywords longer than the column", () => {
    expect(normalizeKeywords("k".repeat(KEYWORDS_MAX_CHARS + 1))).toBeNull();
  });
});

test("keywordSet lower-cases and drops blanks", () => {
  expect([...keywordSet("Math, 论文,,math")]).toEqual(["math", "论文"]);
});
