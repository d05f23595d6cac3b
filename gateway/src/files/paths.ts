// Which file route a path names (routes.ts serves them): a page image, its text layer or a cover by
// document id or content hash, a signed download, an uploaded image; a malformed one is a 404 before
// any call.
import { Code } from "@connectrpc/connect";
import { HttpError } from "../rest/handler.js";

const INT32_MAX = 2_147_483_647n;
const INT64_MAX = 9_223_372_036_854_775_807n;

// A document id, or (moredoc's form) the MD5 content hash of its file.
const PAGE = /^\/view\/page\/([0-9]{1,19}|[0-9a-f]{32})\/([0-9]{1,10})(\.gzip\.svg|\.svg|\.text\.json)$/;
const COVER = /^\/view\/cover\/([0-9]{1,19}|[0-9a-f]{32})$/;
const HASH = /^[0-9a-f]{32}$/;
const DOWNLOAD = /^\/download\/([A-Za-z0-9_-]{1,600}\.[A-Za-z0-9_-]{1,100})$/;
const IMAGE = /^\/uploads\/([0-9a-f]{32}\.(?:jpg|png|gif|webp|mp4|webm))$/;

export const notFound = (message = "页面不存在") => new HttpError(404, Code.NotFound, message);

function positive(raw: string, max: bigint): bigint | null {
  const n = BigInt(raw);
  return n > 0n && n <= max ? n : null;
}

function docRef(raw: string): DocRef | null {
  if (HASH.test(raw)) return { id: 0n, hash: raw };
  const id = positive(raw, INT64_MAX);
  return id === null ? null : { id, hash: "" };
}

/** Which document: by id, or by its file's content hash (id 0). */
export type DocRef = { id: bigint; hash: string };

export type Route =
  /** text: the page's text layer (page-N.text.json) instead of its image. */
  | ({ kind: "page"; page: number; gzip: boolean; text: boolean } & DocRef)
  | ({ kind: "cover" } & DocRef)
  | { kind: "download"; token: string }
  | { kind: "image"; name: string };

/** The file route a path names; null when it is not one of them; throws 404 for a malformed one. */
export function matchFileRoute(path: string): Route | null {
  if (path.startsWith("/view/")) {
    const p = PAGE.exec(path);
    if (p) {
      const ref = docRef(p[1] as string);
      const page = positive(p[2] as string, INT32_MAX);
      if (ref === null || page === null) throw notFound();
      return { kind: "page", ...ref, page: Number(page), gzip: p[3] === ".gzip.svg", text: p[3] === ".text.json" };
    }
    const c = COVER.exec(path);
    const ref = c ? docRef(c[1] as string) : null;
    if (ref === null) throw notFound();
    return { kind: "cover", ...ref };
  }
  if (path.startsWith("/download/")) {
    const d = DOWNLOAD.exec(path);
    if (!d) throw notFound("下载链接无效");
    return { kind: "download", token: d[1] as string };
  }
  if (path.startsWith("/uploads/")) {
    const i = IMAGE.exec(path);
    if (!i) throw notFound("图片不存在");
    return { kind: "image", name: i[1] as string };
  }
  return null;
}

/** Paths served by serveFileRoute. */
export const isFilePath = (path: string): boolean =>
  path.startsWith("/view/") || path.startsWith("/download/") || path.startsWith("/uploads/");
