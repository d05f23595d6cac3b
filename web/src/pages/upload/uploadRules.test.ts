import { describe, expect, it } from "@jest/globals";
import { SUPPORTED_EXTENSIONS } from "../../components/document/docType.js";
import { checkFile, uploadRules } from "./uploadRules.js";

describe("upload rules", () => {
  it("defaults to every supported extension and 50 MB", () => {
    const rules = uploadRules({ maxDocumentSize: 0, documentAllowedExt: [] });
    expect(rules).toEqual({ allowed: SUPPORTED_EXTENSIONS, unconvertible: [], maxMb: 50 });
    expect(uploadRules({ maxDocumentSize: -3, documentAllowedExt: [] }).maxMb).toBe(50);
  });

  it("keeps only supported extensions of the configured list, however they are written", () => {
    const rules = uploadRules({ maxDocumentSize: 2, documentAllowedExt: ["PDF", ".docx", "zip", ".pdf"] });
    expect(rules).toEqual({ allowed: [".pdf", ".docx"], unconvertible: [], maxMb: 2 });
  });

  it("checks type first, then size (exactly the limit is fine)", () => {
    const rules = uploadRules({ maxDocumentSize: 1, documentAllowedExt: [".pdf"] });
    expect(checkFile({ name: "a.PDF", size: 1024 * 1024 }, rules)).toBeNull();
    expect(checkFile({ name: "a.pdf", size: 1024 * 1024 + 1 }, rules)).toEqual({ kind: "size", maxMb: 1 });
    expect(checkFile({ name: "a.docx", size: 10 }, rules)).toEqual({ kind: "type", ext: ".docx" });
    expect(checkFile({ name: "Makefile", size: 10 }, rules)).toEqual({ kind: "type", ext: "Makefile" });
  });

  it("refuses the formats no converter on the server takes now (office without LibreOffice), naming why", () => {
    const rules = uploadRules({ maxDocumentSize: 0, documentAllowedExt: [".pdf", ".docx", ".xlsx"] }, [
      ".docx",
      ".doc",
    ]);
    expect(rules).toMatchObject({ allowed: [".pdf", ".xlsx"], unconvertible: [".docx"] });
    expect(checkFile({ name: "报告.DOCX", size: 10 }, rules)).toEqual({ kind: "converter", ext: ".docx" });
    expect(checkFile({ name: "a.doc", size: 10 }, rules)).toEqual({ kind: "type", ext: ".doc" });
    expect(checkFile({ name: "a.pdf", size: 10 }, rules)).toBeNull();
  });
});
