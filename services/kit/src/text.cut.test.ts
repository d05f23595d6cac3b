// Where descriptions end and snippets start: sentences and words, Chinese, English and mixed.
import { clipText, wordEndAt, wordStartAt } from "./text.cut.js";

describe("clipText", () => {
  test("text that fits is kept whole", () => {
    expect(clipText("短文本。", 10)).toEqual({ text: "短文本。", cut: false });
  });

  test("Chinese ends at the last full-width sentence mark within the limit", () => {
    const text = "文库是一个文档分享平台。用户可以上传文档！支持多种格式吗？当然支持各种常见的办公文档格式以及电子书";
    const r = clipText(text, 30);
    expect(r).toEqual({ text: "文库是一个文档分享平台。用户可以上传文档！支持多种格式吗？", cut: true });
  });

  test("English ends at a sentence, not at a decimal point or inside a word", () => {
    const text = "Version 2.5 adds covers. Thumbnails are never blank again, and descriptions end cleanly";
    expect(clipText(text, 40).text).toBe("Version 2.5 adds covers.");
    // Too short a sentence (under half the limit): the last whole word instead, with an ellipsis.
    const r = clipText("Hi. Wonderfully long words like internationalization everywhere", 40);
    expect(r.text).toBe("Hi. Wonderfully long words like…");
    expect(Array.from(r.text).length).toBeLessThanOrEqual(40);
  });

  test("Chinese without sentence marks is cut between words, not inside one", () => {
    const text = "本文介绍全文检索的实现方法和文档转换的流程以及封面生成的细节和描述截断的规则";
    const r = clipText(text, 12);
    expect(r.cut).toBe(true);
    expect(r.text.endsWith("…")).toBe(true);
    const head = r.text.slice(0, -1);
    expect(text.startsWith(head)).toBe(true);
    // "全文检索" etc. are dictionary words: the cut falls where the segmenter puts a boundary.
    const bounds = [...new Intl.Segmenter("zh", { granularity: "word" }).segment(text)].map((s) => s.index);
    expect(bounds).toContain(head.length);
    expect(Array.from(r.text).length).toBeLessThanOrEqual(12);
  });

  test("mixed Chinese and English: a sentence mark of either kind counts", () => {
    const text = "Wenku 支持 PDF 和 DOCX。It converts EPUB too; 封面从不空白 and more text follows here";
    expect(clipText(text, 45).text).toBe("Wenku 支持 PDF 和 DOCX。It converts EPUB too;");
    // No sentence mark: "EPUB" would be cut after its first letter, so it is left out whole.
    expect(clipText("Wenku 支持 PDF 和 DOCX 以及 EPUB converting everything", 25).text).toBe(
      "Wenku 支持 PDF 和 DOCX 以及…",
    );
  });

  test("a run without any boundary (a long hash) is cut at the limit", () => {
    const r = clipText("x".repeat(300), 100);
    expect(r.text).toBe(`${"x".repeat(99)}…`);
  });
});

describe("word boundaries", () => {
  const text = "the quick brown fox jumps";
  test("wordStartAt moves back to the start of the word it falls in", () => {
    expect(wordStartAt(text, 6)).toBe(4); // "q|u" → "|quick"
    expect(wordStartAt(text, 4)).toBe(4);
    expect(wordStartAt(text, 0)).toBe(0);
    expect(wordStartAt(text, 99)).toBe(text.length);
  });
  test("wordEndAt moves back to the end of the word before", () => {
    expect(wordEndAt(text, 12)).toBe(10); // "quick b|rown" → "quick |"
    expect(wordEndAt(text, 9)).toBe(9); // "quick" ends at 9
  });
  test("Chinese words are kept whole", () => {
    const zh = "本文介绍全文检索的实现";
    expect(wordStartAt(zh, 5)).toBe(4); // inside 全文 → its start
    expect(wordEndAt(zh, 7)).toBe(6); // inside 检索 → before it
  });
  test("a character outside the BMP is never split", () => {
    const s = "𠀀".repeat(100);
    const i = wordStartAt(s, 51);
    expect(s.charCodeAt(i) >= 0xdc00 && s.charCodeAt(i) <= 0xdfff).toBe(false);
  });
});
