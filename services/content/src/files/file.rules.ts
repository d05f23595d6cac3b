// Pure rules of the file side: upload names and limits, storage keys of originals, page ETags, MIME types.
import { createHash, randomUUID } from "node:crypto";
import { normalizeExtension } from "@wenku/converter/contract";
import { cleanName } from "@wenku/kit";
import type { Settings } from "@wenku/proto/api/v1/config_pb.js";

const MB = 1024 * 1024;
/** security.max_document_size when unset or ≤ 0. */
export const DEFAULT_MAX_DOCUMENT_MB = 50;

/** The upload size limit in bytes and in MB (for the message). */
export function uploadLimit(settings: Pick<Settings, "security">): { bytes: number; mb: number } {
  const configured = settings.security?.maxDocumentSize ?? 0;
  const mb = configured > 0 ? configured : DEFAULT_MAX_DOCUMENT_MB;
  return { bytes: mb * MB, mb };
}

/**
 * The name as stored: the last path segment (browsers on Windows may send C:\fakepath\x.pdf), without
 * control, bidi or other invisible characters (kit cleanName: "evil\u202Egpj.exe" is stored as
 * "evilgpj.exe"), NFC, trimmed, at most 255 characters (the extension kept when cut).
 */
export function sanitizeFileName(raw: string): string {
  let name = cleanName(cleanName(raw).split(/[/\\]/).pop() ?? "");
  if (name === "." || name === "..") name = "";
  const chars = [...name];
  if (chars.length <= 255) return name;
  const ext = extensionOf(name);
  const extChars = ext.length <= 17 ? [...ext] : [];
  return chars.slice(0, 255 - extChars.length).join("") + extChars.join("");
}

/** ".pdf" for "报告.PDF"; "" when the name has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  if (dot <= 0 || dot === name.length - 1) return "";
  return `.${normalizeExtension(name.slice(dot + 1))}`;
}

/** originals/<yyyy>/<mm>/<uuid><ext>: a fresh key per upload, so concurrent uploads never share a temp key. */
export function originalKey(ext: string, now: Date = new Date()): string {
  const mm = String(now.getUTCMonth() + 1).padStart(2, "0");
  return `originals/${now.getUTCFullYear()}/${mm}/${randomUUID()}${ext}`;
}

export const isMd5 = (hash: string): boolean => /^[0-9a-f]{32}$/.test(hash);

/**
 * A strong ETag for one rendered output: the file's hash, the page, the variant and the stored object's own
 * version tag (a forced reconversion rewrites the object, so the ETag changes with it).
 */
export function pageEtag(hash: string, page: number, variant: string, objectTag: string): string {
  const digest = createHash("sha256").update(`${hash}:${page}:${variant}:${objectTag}`).digest("base64url");
  return `"${digest.slice(0, 27)}"`;
}

/** If-None-Match semantics (RFC 9110 §13.1.2): weak comparison, a list, or "*". */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const header = ifNoneMatch.trim();
  if (!header) return false;
  if (header === "*") return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, "");
  return header.split(",").some((t) => opaque(t) === opaque(etag));
}

const mimes = new Map<string, string>(
  Object.entries({
    pdf: "application/pdf",
    doc: "application/msword",
    docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    dot: "application/msword",
    rtf: "application/rtf",
    odt: "application/vnd.oasis.opendocument.text",
    wps: "application/vnd.ms-works",
    ppt: "application/vnd.ms-powerpoint",
    pps: "application/vnd.ms-powerpoint",
    pot: "application/vnd.ms-powerpoint",
    pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ppsx: "application/vnd.openxmlformats-officedocument.presentationml.slideshow",
    odp: "application/vnd.oasis.opendocument.presentation",
    xls: "application/vnd.ms-excel",
    xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ods: "application/vnd.oasis.opendocument.spreadsheet",
    csv: "text/csv",
    tsv: "text/tab-separated-values",
    txt: "text/plain",
    epub: "application/epub+zip",
    mobi: "application/x-mobipocket-ebook",
    chm: "application/vnd.ms-htmlhelp",
  }),
);

/** The MIME type recorded for an upload, from its extension (never from the browser's claim). */
export function mimeOf(ext: string): string {
  const e = normalizeExtension(ext);
  return mimes.get(e) || "application/octet-stream";
}
