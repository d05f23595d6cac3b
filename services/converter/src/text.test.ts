// Text collected page by page under a byte budget, and the preview text cut from it.
import { cutUtf8, descriptionOf, pageTextsOf, previewTextOf, TextCollector } from "./text.js";

test("cutUtf8 never splits a character", () => {
  const b = Buffer.from("汉字ab", "utf8"); // 3 + 3 + 1 + 1 bytes
  expect(cutUtf8(b, 2)).toBe("");
  expect(cutUtf8(b, 4)).toBe("汉");
  expect(cutUtf8(b, 6)).toBe("汉字");
  expect(cutUtf8(b, 100)).toBe("汉字ab");
});

test("page ends let the text of the first pages be cut out, also past the budget", () => {
  const c = new TextCollector(20);
  c.addPage("第一页\n"); // 10 bytes
  c.addPage("page2\n"); // 6 bytes
  c.addPage("第三页\n"); // would pass 20: cut to "第" (3 bytes)
  expect(c.truncated).toBe(true);
  expect(c.text()).toBe("第一页\npage2\n第");
  const ends = c.ends(5);
  expect(ends).toEqual([10, 16, 19, 19, 19]);
  expect(previewTextOf(c.text(), ends, 1)).toBe("第一页\n");
  expect(previewTextOf(c.text(), ends, 2)).toBe("第一页\npage2\n");
  expect(previewTextOf(c.text(), ends, 5)).toBe(c.text());
  expect(previewTextOf(c.text(), ends, 2, 4)).toBe("第");
  expect(previewTextOf(c.text(), ends, 0)).toBe("");
});

test("control characters are dropped before counting", () => {
  const c = new TextCollector(100);
  c.addPage("a\u0000b\u0007c\n");
  expect(c.text()).toBe("abc\n");
  expect(c.ends(1)).toEqual([4]);
});

test("a description collapses whitespace and keeps at most 200 characters", () => {
  expect(descriptionOf("  第一行\n\n第二行\t end  ")).toBe("第一行 第二行 end");
  expect([...descriptionOf("字".repeat(500))]).toHaveLength(200);
});

test("a description ends at a sentence (Chinese or English), else at a word with an ellipsis", () => {
  const zh = `${"文库把上传的文档转换成网页。".repeat(10)}最后一句没有结束`;
  const d = descriptionOf(zh, 100);
  expect(d.endsWith("。")).toBe(true);
  expect([...d].length).toBeLessThanOrEqual(100);
  const en =
    "Covers are rendered from the first page with content.\nDescriptions never stop in the middle of a word like documentation";
  expect(descriptionOf(en, 100)).toBe("Covers are rendered from the first page with content.");
  const words = descriptionOf("internationalization ".repeat(20), 50);
  expect(words).toBe("internationalization internationalization…");
});

test("pageTextsOf cuts each page's text by the byte ends; a page past the text is empty", () => {
  const c = new TextCollector(1000);
  for (const p of ["第一页", "page two", "", "第四"]) c.addPage(p);
  expect(pageTextsOf(c.text(), c.ends(5))).toEqual(["第一页", "page two", "", "第四", ""]);
  expect(pageTextsOf("abc", [2, 1, 9])).toEqual(["ab", "", "c"]);
});
