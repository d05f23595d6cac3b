import { conversionRouteOf, documentTypeOf, isAllowedExtension, uploadExtensions } from "./formats.js";

test("the spec's extension → type table", () => {
  const spec: Record<string, string[]> = {
    pdf: ["pdf"],
    word: ["doc", "docx", "rtf", "wps", "odt", "dot"],
    ppt: ["ppt", "pptx", "pps", "ppsx", "dps", "odp", "pot"],
    excel: ["xls", "xlsx", "et", "ods", "csv", "tsv"],
    text: ["txt"],
    epub: ["epub"],
    mobi: ["mobi"],
    chm: ["chm"],
    umd: ["umd"],
  };
  for (const [type, exts] of Object.entries(spec))
    for (const e of exts) expect([e, documentTypeOf(e)]).toEqual([e, type]);
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
