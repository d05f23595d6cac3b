// The page text format: what encodePageText writes always parses; malformed files are refused.

import {
  encodePageText,
  PAGE_TEXT_MAX_BYTES,
  type PageText,
  pageTextFileName,
  parsePageText,
} from "@wenku/proto/page-text";
import { outputKeys } from "./job.js";

const page: PageText = {
  v: 1,
  w: 595.28,
  h: 841.89,
  src: "mupdf",
  lines: [
    { x: 72, y: 70.5, w: 120.25, h: 14, t: "Hello asn1", s: 12 },
    { x: 72, y: 90, w: 60, h: 14, t: "汉字", s: 12 },
  ],
};

test("the file name sits next to page-N.svg under the file's prefix", () => {
  expect(pageTextFileName(3)).toBe("page-3.text.json");
  const keys = outputKeys("a".repeat(32));
  expect(keys.pageText(3)).toBe(`documents/${"a".repeat(32)}/page-3.text.json`);
  expect(keys.pageText(3).replace(/\.text\.json$/, ".svg")).toBe(keys.page(3, false));
});

test("an encoded page parses back to the same lines", () => {
  const { json, truncated } = encodePageText(page);
  expect(truncated).toBe(false);
  expect(parsePageText(json)).toEqual(page);
  expect(parsePageText(new TextEncoder().encode(json))).toEqual(page);
});

test("encoding rounds to 0.01 pt and drops blank lines and lines without a finite box", () => {
  const { json } = encodePageText({
    ...page,
    lines: [
      { x: 1.23456, y: 2.34567, w: 3, h: 4, t: "a", s: 10.004 },
      { x: 1, y: 1, w: 1, h: 1, t: "   ", s: 1 },
      { x: Number.NaN, y: 1, w: 1, h: 1, t: "nan", s: 1 },
      { x: 1, y: 1, w: -1, h: 1, t: "negative", s: 1 },
    ],
  });
  const parsed = parsePageText(json) as PageText;
  expect(parsed.lines).toEqual([{ x: 1.23, y: 2.35, w: 3, h: 4, t: "a", s: 10 }]);
});

test("a page over the byte budget is cut at a whole line and says so", () => {
  const lines = Array.from({ length: 100_000 }, (_, i) => ({ x: i % 500, y: i % 800, w: 1, h: 1, t: "x", s: 1 }));
  const { json, truncated } = encodePageText({ ...page, lines });
  expect(truncated).toBe(true);
  expect(Buffer.byteLength(json)).toBeLessThanOrEqual(PAGE_TEXT_MAX_BYTES);
  const parsed = parsePageText(json) as PageText;
  expect(parsed.truncated).toBe(true);
  expect(parsed.lines.length).toBeGreaterThan(1000);
  expect(parsed.lines.length).toBeLessThan(lines.length);
  // Multi-byte text is counted in bytes, not characters.
  const cjk = encodePageText({ ...page, lines: [{ ...lines[0]!, t: "汉".repeat(1000) }] }, 2000);
  expect(cjk.truncated).toBe(true);
  expect(Buffer.byteLength(cjk.json)).toBeLessThanOrEqual(2000);
  expect(parsePageText(cjk.json)).toMatchObject({ lines: [], truncated: true });
});

test.each([
  ["not JSON", "{"],
  ["not an object", "[]"],
  ["another version", JSON.stringify({ ...page, v: 2 })],
  ["an unknown source", JSON.stringify({ ...page, src: "pdfjs" })],
  ["a zero page size", JSON.stringify({ ...page, w: 0 })],
  ["no lines array", JSON.stringify({ ...page, lines: {} })],
  ["a line without text", JSON.stringify({ ...page, lines: [{ x: 1, y: 1, w: 1, h: 1, s: 1 }] })],
  ["a line with a string coordinate", JSON.stringify({ ...page, lines: [{ ...page.lines[0], x: "1" }] })],
  ["a line with a negative width", JSON.stringify({ ...page, lines: [{ ...page.lines[0], w: -3 }] })],
  ["a huge coordinate", JSON.stringify({ ...page, lines: [{ ...page.lines[0], y: 1e300 }] })],
  ["a line that is null", JSON.stringify({ ...page, lines: [null] })],
  ["truncated not a boolean", JSON.stringify({ ...page, truncated: "yes" })],
  ["too many lines", JSON.stringify({ ...page, lines: Array.from({ length: 10_001 }, () => page.lines[0]) })],
  [
    "over the byte limit",
    JSON.stringify({ ...page, lines: [{ ...page.lines[0], t: "x".repeat(PAGE_TEXT_MAX_BYTES) }] }),
  ],
])("a file with %s is refused with a reason", (_what, raw) => {
  expect(typeof parsePageText(raw)).toBe("string");
});

test("bytes that are not UTF-8 are refused", () => {
  expect(parsePageText(new Uint8Array([0x7b, 0xff, 0x7d]))).toMatch(/UTF-8/);
});
