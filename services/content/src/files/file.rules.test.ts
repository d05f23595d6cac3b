import {
  etagMatches,
  extensionOf,
  isMd5,
  mimeOf,
  originalKey,
  pageEtag,
  sanitizeFileName,
  uploadLimit,
} from "./file.rules.js";

describe("sanitizeFileName", () => {
  test.each([
    ["报告.pdf", "报告.pdf"],
    ["C:\\fakepath\\季度 总结.DOCX", "季度 总结.DOCX"],
    ["../../etc/passwd.pdf", "passwd.pdf"],
    ["  a\u0000b\u001f.pdf ", "ab.pdf"],
    ["..", ""],
    ["dir/", ""],
  ])("%j → %j", (raw, name) => {
    expect(sanitizeFileName(raw)).toBe(name);
  });

  test("at most 255 characters, the extension kept", () => {
    const name = sanitizeFileName(`${"文".repeat(300)}.pdf`);
    expect([...name]).toHaveLength(255);
    expect(name.endsWith("文.pdf")).toBe(true);
  });
});

test("extensionOf: lower case with the dot; none for dotfiles or a trailing dot", () => {
  expect([
    extensionOf("a.PDF"),
    extensionOf("a.tar.Gz"),
    extensionOf(".pdf"),
    extensionOf("a."),
    extensionOf("a"),
  ]).toEqual([".pdf", ".gz", "", "", ""]);
});

test("uploadLimit: security.max_document_size in MB, 50 when unset or ≤ 0", () => {
  expect(uploadLimit({ security: undefined })).toEqual({ bytes: 50 * 1024 * 1024, mb: 50 });
  expect(uploadLimit({ security: { maxDocumentSize: -3 } as never })).toEqual({ bytes: 50 * 1024 * 1024, mb: 50 });
  expect(uploadLimit({ security: { maxDocumentSize: 1 } as never })).toEqual({ bytes: 1024 * 1024, mb: 1 });
});

test("originalKey: originals/<yyyy>/<mm>/<uuid><ext>, fresh each time", () => {
  const at = new Date(Date.UTC(2024, 2, 9));
  const a = originalKey(".pdf", at);
  expect(a).toMatch(/^originals\/2024\/03\/[0-9a-f-]{36}\.pdf$/);
  expect(originalKey(".pdf", at)).not.toBe(a);
});

test("isMd5: 32 lower-case hex digits only", () => {
  expect(isMd5("0123456789abcdef0123456789abcdef")).toBe(true);
  expect(isMd5("0123456789ABCDEF0123456789abcdef")).toBe(false);
  expect(isMd5("0123456789abcdef")).toBe(false);
});

describe("pageEtag / etagMatches", () => {
  const hash = "0123456789abcdef0123456789abcdef";
  const etag = pageEtag(hash, 1, "svg", "v1");

  test("a strong, quoted tag that differs by page, variant and stored version", () => {
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(
      new Set([etag, pageEtag(hash, 2, "svg", "v1"), pageEtag(hash, 1, "gzip", "v1"), pageEtag(hash, 1, "svg", "v2")])
        .size,
    ).toBe(4);
    expect(pageEtag(hash, 1, "svg", "v1")).toBe(etag);
  });

  test.each([
    [etag, true],
    [`W/${etag}`, true],
    [`"other", ${etag}`, true],
    ["*", true],
    ['"other"', false],
    ["", false],
  ])("If-None-Match %j → %j", (header, matches) => {
    expect(etagMatches(header, etag)).toBe(matches);
  });
});

test("mimeOf: from the extension, octet-stream for unknown ones", () => {
  expect([mimeOf(".pdf"), mimeOf("DOCX"), mimeOf(".exe")]).toEqual([
    "application/pdf",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "application/octet-stream",
  ]);
});
