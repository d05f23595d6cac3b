// What a downloaded file must look like before it is stored: the declared type must not be a web page
// (a .pdf link answering text/html is a login wall or an error page), and the first bytes must be the
// format's signature where the format has one.

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Signatures by extension: [offset, bytes]; an extension not listed has none (plain text). */
const signatures = new Map<string, ReadonlyArray<readonly [number, number[]]>>([
  ["pdf", [[0, ascii("%PDF-")]]],
  ["docx", [[0, ZIP]]],
  ["xlsx", [[0, ZIP]]],
  ["pptx", [[0, ZIP]]],
  ["epub", [[0, ZIP]]],
  ["odt", [[0, ZIP]]],
  ["ods", [[0, ZIP]]],
  ["odp", [[0, ZIP]]],
  ["doc", [[0, OLE]]],
  ["xls", [[0, OLE]]],
  ["ppt", [[0, OLE]]],
  ["wps", [[0, OLE]]],
  ["et", [[0, OLE]]],
  ["dps", [[0, OLE]]],
  ["rtf", [[0, ascii("{\\rtf")]]],
  ["mobi", [[60, ascii("BOOKMOBI")]]],
  ["chm", [[0, ascii("ITSF")]]],
  ["djvu", [[0, ascii("AT&TFORM")]]],
  ["ofd", [[0, ZIP]]],
]);

/** Bytes of the head the check needs at most. */
export const SNIFF_BYTES = 68;

const TEXT_EXTS = new Set(["txt", "md", "csv", "html", "htm"]);

export const sniffMessages = {
  webPage: (type: string, ext: string) => `对方返回的是网页（${type}），不是 .${ext} 文件`,
  mismatch: (ext: string) => `文件内容与扩展名 .${ext} 不符`,
} as const;

/** Why the declared type rules the answer out, or null. */
export function declaredProblem(contentType: string, ext: string): string | null {
  if (TEXT_EXTS.has(ext)) return null;
  const page = contentType === "text/html" || contentType === "application/xhtml+xml";
  return page ? sniffMessages.webPage(contentType, ext) : null;
}

/** Why the first bytes rule the file out, or null. */
export function headProblem(head: Uint8Array, ext: string): string | null {
  const sig = signatures.get(ext);
  if (sig) {
    const ok = sig.some(([at, bytes]) => bytes.every((b, i) => head[at + i] === b));
    return ok ? null : sniffMessages.mismatch(ext);
  }
  // a text format: a web page served for it is still a web page
  const start = Buffer.from(head).toString("latin1").trimStart().slice(0, 15).toLowerCase();
  const html = start.startsWith("<!doctype html") || start.startsWith("<html");
  return html && ext !== "html" && ext !== "htm" ? sniffMessages.mismatch(ext) : null;
}
