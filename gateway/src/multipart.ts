// multipart/form-data for the upload routes, parsed by busboy 1.x (streamsearch; busboy 0.3 / dicer
// threw from inside its parser on a malformed part header, CVE-2022-24434, and took the process down).
// Only the named file part is handed on, as a stream; every other part is skipped without buffering.
// Every error of the request, the parser and the part stream is handled here: a hostile body ends
// in a 400, never in an uncaught exception.
import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { Code } from "@connectrpc/connect";
import busboy from "busboy";
import { HttpError } from "./rest/handler.js";

export const multipartErrors = {
  notMultipart: "请使用 multipart/form-data 上传文件（字段名 file）",
  noFile: "请选择要上传的文件",
  malformed: "上传的表单数据不完整或格式错误",
} as const;

export interface FilePart {
  /** The client's file name (never a path: busboy strips directories). */
  name: string;
  /** The part's declared type: a hint only, never trusted for what the bytes are. */
  mimeType: string;
  stream: Readable;
}

export interface MultipartRequest {
  /** The file part, or null when the body ended without one. Rejects with HttpError 400 on a malformed body. */
  file: Promise<FilePart | null>;
  /** Stops parsing (after a refusal): the rest of the body is no longer fed to the parser. */
  stop(): void;
}

const MULTIPART = /^multipart\/form-data\s*;/i;
const LIMITS = { files: 1, fields: 50, parts: 100, fieldSize: 64 * 1024, headerPairs: 100 } as const;

/** Starts parsing `req` for the file part named `field`; throws HttpError 400 when it is not multipart. */
export function parseMultipart(req: IncomingMessage, field: string): MultipartRequest {
  if (!MULTIPART.test(req.headers["content-type"] ?? "")) {
    throw new HttpError(400, Code.InvalidArgument, multipartErrors.notMultipart);
  }
  let parser: busboy.Busboy;
  try {
    // throws on a missing or malformed boundary
    // browsers send file names as raw UTF-8 (busboy's default for parameters is latin1)
    parser = busboy({ headers: req.headers, limits: LIMITS, defParamCharset: "utf8" });
  } catch {
    throw new HttpError(400, Code.InvalidArgument, multipartErrors.notMultipart);
  }
  const malformed = () => new HttpError(400, Code.InvalidArgument, multipartErrors.malformed);
  let part: Readable | undefined;
  let settled = false;

  const file = new Promise<FilePart | null>((resolve, reject) => {
    const fail = (err: unknown) => {
      // Before the file part: the request is malformed. After: its stream fails, so the upstream
      // call reading it fails too.
      if (part) part.destroy(err instanceof Error ? err : new Error(String(err)));
      else reject(malformed());
      settled = true;
    };
    parser.on("file", (name, stream, info) => {
      stream.on("error", () => {}); // reported through the reader of `part`, or irrelevant when skipped
      if (part || settled || name !== field) {
        stream.resume(); // other files are skipped, not buffered
        return;
      }
      part = stream;
      settled = true;
      resolve({ name: info.filename ?? "", mimeType: info.mimeType, stream });
    });
    parser.on("close", () => {
      if (!settled) resolve(null);
      settled = true;
    });
    parser.on("error", fail);
    req.on("error", fail);
    req.on("aborted", () => fail(new Error("client aborted")));
    req.pipe(parser);
  });
  return {
    file,
    stop() {
      req.unpipe(parser);
      part?.destroy();
    },
  };
}
