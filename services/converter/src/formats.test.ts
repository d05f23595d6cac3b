// The converter's table against the web's (web/src/components/document/docType.ts, the spec's §9
// "Extension to type" table the upload page and the icons use): one table, checked from both sides.
import { DOC_TYPE_EXTENSIONS } from "@wenku/web/doc-types";
import { conversionRouteOf, documentTypeOf, isAllowedExtension, uploadExtensions } from "./formats.js";

test("the spec's extension → type table: the web's, type for type", () => {
  for (const [type, exts] of Object.entries(DOC_TYPE_EXTENSIONS))
    for (const e of exts) expect([e, documentTypeOf(e)]).toEqual([e, type]);
  const typed = uploadExtensions.filter((e) => documentTypeOf(e) !== "other");
  expect(typed.sort()).toEqual(Object.values(DOC_TYPE_EXTENSIONS).flat().sort());
  for (const e of ["exe", "zip", "azw3", "", "png"]) expect(documentTypeOf(e)).toBe("other");
  expect(documentTypeOf(".DOCX")).toBe("word");
});

test("uploads: every spec extension plus azw/azw3/azw4 (moredoc); the site list narrows it", () => {
  const all = ["pdf", "doc", "docx", "rtf", "wps", "odt", "dot", "ppt", "pptx", "pps", "ppsx", "dps", "odp", "pot"];
  all.push("xls", "xlsx", "et", "ods", "csv", "tsv", "txt", "epub", "mobi", "chm", "umd", "azw", "azw3", "azw4");
  expect([...uploadExtensions].sort()).toEqual(all.sort());
  expect(isAllowedExtension(".PDF")).toBe(true);
  expect(isAllowedExtension("exe")).toBe(false);
  expect(isAllowedExtension("fb2")).toBe(false); // converts, but is not an upload type
  expect(isAllowedExtension("docx", [".pdf", ".DOCX"])).toBe(true);
  expect(isAllowedExtension("pptx", [".pdf", ".docx"])).toBe(false);
  expect(isAllowedExtension("exe", [".exe"])).toBe(false); // the site list cannot widen it
});

test("routes: MuPDF, LibreOffice, or unsupported (calibre formats)", () => {
  expect(conversionRouteOf("pdf")).toBe("mupdf");
  expect(conversionRouteOf("epub")).toBe("mupdf");
  expect(conversionRouteOf("mobi")).toBe("mupdf");
  expect(conversionRouteOf("docx")).toBe("office");
  expect(conversionRouteOf("txt")).toBe("office");
  for (const e of ["chm", "umd", "azw", "azw3", "azw4"]) expect(conversionRouteOf(e)).toBe("unsupported");
  expect(conversionRouteOf("exe")).toBeUndefined();
});
