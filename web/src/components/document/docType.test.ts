import { describe, expect, it } from "@jest/globals";
import { baseName, docType, extOf, SUPPORTED_EXTENSIONS } from "./docType.js";

describe("docType (spec §9 extension table)", () => {
  it.each([
    ["pdf", "pdf"],
    [".PDF", "pdf"],
    ["年度报告.docx", "word"],
    ...["doc", "docx", "rtf", "wps", "odt", "dot"].map((e) => [e, "word"]),
    ...["ppt", "pptx", "pps", "ppsx", "dps", "odp", "pot"].map((e) => [e, "ppt"]),
    ...["xls", "xlsx", "et", "ods", "csv", "tsv"].map((e) => [`.${e}`, "excel"]),
    ["notes.txt", "text"],
    ["book.epub", "epub"],
    ["book.mobi", "mobi"],
    ["help.chm", "chm"],
    ["novel.umd", "umd"],
    ["archive.zip", "other"],
    ["", "other"],
    ["README", "other"],
  ])("%s → %s", (input, type) => {
    expect(docType(input)).toBe(type);
  });

  it("normalises extensions and strips them for titles", () => {
    expect(extOf("A.B.PpTx")).toBe(".pptx");
    expect(extOf("docx")).toBe(".docx");
    expect(extOf("name.")).toBe("");
    expect(baseName("第一章.导论.pdf")).toBe("第一章.导论");
    expect(baseName(".hidden")).toBe(".hidden");
    expect(SUPPORTED_EXTENSIONS).toContain(".epub");
    expect(SUPPORTED_EXTENSIONS).not.toContain(".zip");
  });
});
