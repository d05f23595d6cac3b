/** Document kinds by file extension (spec §9). */
export type DocType = "pdf" | "word" | "ppt" | "excel" | "text" | "epub" | "mobi" | "chm" | "umd" | "other";

/** Extensions (without the dot) of every kind but "other", as in spec §9. */
export const DOC_TYPE_EXTENSIONS: Readonly<Record<Exclude<DocType, "other">, readonly string[]>> = {
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

const BY_EXTENSION = new Map<string, DocType>(
  Object.entries(DOC_TYPE_EXTENSIONS).flatMap(([type, exts]) => exts.map((ext) => [ext, type as DocType] as const)),
);

/** Every extension the library converts, with the dot: ".pdf", ".docx", … */
export const SUPPORTED_EXTENSIONS: readonly string[] = [...BY_EXTENSION.keys()].map((ext) => `.${ext}`);

/**
 * The normalised extension of a file name or extension: lower case with the dot, "" when there is none.
 * `extOf("报告.PDF") === ".pdf"`, `extOf(".docx") === ".docx"`, `extOf("docx") === ".docx"`.
 */
export function extOf(nameOrExt: string): string {
  const trimmed = nameOrExt.trim().toLowerCase();
  const dot = trimmed.lastIndexOf(".");
  if (dot < 0) return trimmed && !trimmed.includes("/") ? `.${trimmed}` : "";
  const ext = trimmed.slice(dot + 1);
  return ext ? `.${ext}` : "";
}

/** The kind of a document from its extension or file name ("pdf", ".PDF", "a.docx" …); unknown → "other". */
export function docType(extOrName: string): DocType {
  return BY_EXTENSION.get(extOf(extOrName).slice(1)) ?? "other";
}

/** The file name without its extension: the default title of an upload. */
export function baseName(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}
