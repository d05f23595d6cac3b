// Which extensions the library accepts and how each one is converted: the one source of truth for
// the spec's extension → type table (upload checks, list filters, icons) and the converter's routing.

/** The spec's document types (§9 "Extension to type"); anything unknown is "other". */
export type DocumentType = "pdf" | "word" | "ppt" | "excel" | "text" | "epub" | "mobi" | "chm" | "umd" | "other";

/** How the converter handles an extension. */
export type ConversionRoute =
  /** MuPDF opens it directly (page SVGs, cover, text). */
  | "mupdf"
  /** LibreOffice headless to PDF first, then the MuPDF path. */
  | "office"
  /** Accepted upload, but no converter is installed for it (calibre formats): ends "convert failed". */
  | "unsupported";

interface ExtensionInfo {
  type: DocumentType;
  route: ConversionRoute;
  /** Accepted as an upload (moredoc's documentExtMap). */
  upload: boolean;
}

const table = new Map<string, ExtensionInfo>(
  Object.entries({
    pdf: { type: "pdf", route: "mupdf", upload: true },
    // word
    doc: { type: "word", route: "office", upload: true },
    docx: { type: "word", route: "office", upload: true },
    rtf: { type: "word", route: "office", upload: true },
    wps: { type: "word", route: "office", upload: true },
    odt: { type: "word", route: "office", upload: true },
    dot: { type: "word", route: "office", upload: true },
    // ppt
    ppt: { type: "ppt", route: "office", upload: true },
    pptx: { type: "ppt", route: "office", upload: true },
    pps: { type: "ppt", route: "office", upload: true },
    ppsx: { type: "ppt", route: "office", upload: true },
    dps: { type: "ppt", route: "office", upload: true },
    odp: { type: "ppt", route: "office", upload: true },
    pot: { type: "ppt", route: "office", upload: true },
    // excel
    xls: { type: "excel", route: "office", upload: true },
    xlsx: { type: "excel", route: "office", upload: true },
    et: { type: "excel", route: "office", upload: true },
    ods: { type: "excel", route: "office", upload: true },
    csv: { type: "excel", route: "office", upload: true },
    tsv: { type: "excel", route: "office", upload: true },
    // text
    txt: { type: "text", route: "office", upload: true },
    // e-books: MuPDF lays out EPUB and MOBI itself; CHM, UMD and AZW need calibre, which is not installed.
    epub: { type: "epub", route: "mupdf", upload: true },
    mobi: { type: "mobi", route: "mupdf", upload: true },
    chm: { type: "chm", route: "unsupported", upload: true },
    umd: { type: "umd", route: "unsupported", upload: true },
    azw: { type: "other", route: "unsupported", upload: true },
    azw3: { type: "other", route: "unsupported", upload: true },
    azw4: { type: "other", route: "unsupported", upload: true },
    // MuPDF opens these too; not upload types in the spec, converted when they arrive another way (spider).
    // (XPS is not: the mupdf npm build has no XPS handler.)
    cbz: { type: "other", route: "mupdf", upload: false },
    fb2: { type: "other", route: "mupdf", upload: false },
  }),
);

/** "PDF", ".pdf", " .Pdf " → "pdf". */
export function normalizeExtension(ext: string): string {
  return ext.trim().toLowerCase().replace(/^\./, "");
}

export function documentTypeOf(ext: string): DocumentType {
  return table.get(normalizeExtension(ext))?.type ?? "other";
}

/** undefined: the converter does not know the extension at all. */
export function conversionRouteOf(ext: string): ConversionRoute | undefined {
  return table.get(normalizeExtension(ext))?.route;
}

/** Every extension accepted as an upload, without the dot. */
export const uploadExtensions: readonly string[] = [...table].filter(([, i]) => i.upload).map(([e]) => e);

/** Upload extensions that go through LibreOffice (refused when it is not installed), without the dot. */
export const officeExtensions: readonly string[] = uploadExtensions.filter((e) => table.get(e)?.route === "office");

/**
 * Whether a file may be uploaded as a document: a known document extension and, when the site
 * restricts uploads (security.document_allowed_ext, e.g. [".pdf", ".docx"]), one of those.
 */
export function isAllowedExtension(ext: string, siteAllowed?: readonly string[]): boolean {
  const e = normalizeExtension(ext);
  if (!table.get(e)?.upload) return false;
  if (!siteAllowed || siteAllowed.length === 0) return true;
  return siteAllowed.some((a) => normalizeExtension(a) === e);
}
