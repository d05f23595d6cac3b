// POST /api/v1/upload/document: a multipart upload streamed (never buffered) into the content service's
// client-streaming DocumentAPI.UploadDocument, header first, then the file's bytes as they arrive.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type Transport } from "@connectrpc/connect";
import type { Logger } from "@wenku/kit";
import { AttachmentSchema } from "@wenku/proto/api/v1/attachment_pb.js";
import {
  DocumentAPI,
  type UploadDocumentRequest,
  UploadDocumentRequestSchema,
} from "@wenku/proto/api/v1/document_pb.js";
import Busboy from "busboy";
import { type ForwardHeaders, HttpError, writeError } from "./rest/handler.js";
import { toRestJson } from "./rest/json.js";

export interface UploadDeps {
  content: Transport;
  log: Logger;
  /** Deadline of one whole upload (a large file over a slow link). */
  timeoutMs?: number;
}

/** The multipart field holding the file (moredoc's). */
export const FILE_FIELD = "file";
const UPLOAD_TIMEOUT_MS = 15 * 60_000;
/** After a refusal, at most this much more of the body is read (so the answer reaches the client cleanly)… */
const LINGER_BYTES = 4 * 1024 * 1024;
/** …for at most this long; beyond either the connection is closed. */
const LINGER_MS = 5_000;

export const uploadErrors = {
  notMultipart: "请使用 multipart/form-data 上传文件（字段名 file）",
  noFile: "请选择要上传的文件",
  malformed: "上传的表单数据不完整或格式错误",
  method: "不支持该请求方法",
} as const;

interface FilePart {
  name: string;
  stream: Readable;
}

/** busboy 0.3 emits (field, stream, filename, encoding, mime); 1.x emits (field, stream, {filename, …}). */
function fileNameOf(info: unknown): string {
  if (typeof info === "string") return info;
  if (info && typeof info === "object" && "filename" in info)
    return String((info as { filename: unknown }).filename ?? "");
  return "";
}

export async function handleUpload(
  deps: UploadDeps,
  req: IncomingMessage,
  res: ServerResponse,
  headers: ForwardHeaders,
  requestId: string,
): Promise<void> {
  if ((req.method ?? "").toUpperCase() !== "POST") {
    return refuse(req, res, new HttpError(405, Code.Unimplemented, uploadErrors.method), requestId, deps.log, 0);
  }
  const type = req.headers["content-type"] ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    return refuse(
      req,
      res,
      new HttpError(400, Code.InvalidArgument, uploadErrors.notMultipart),
      requestId,
      deps.log,
      0,
    );
  }
  let received = 0;
  req.on("data", (c: Buffer) => {
    received += c.length;
  });

  // biome-ignore lint/suspicious/noExplicitAny: busboy 0.3's runtime API differs from the installed 1.x typings
  let bb: any;
  try {
    bb = (Busboy as unknown as (cfg: object) => unknown)({
      headers: req.headers,
      limits: { files: 1, fields: 50, parts: 100, fieldSize: 64 * 1024, headerPairs: 100 },
    });
  } catch {
    return refuse(
      req,
      res,
      new HttpError(400, Code.InvalidArgument, uploadErrors.notMultipart),
      requestId,
      deps.log,
      0,
    );
  }

  let file: FilePart | null;
  try {
    file = await new Promise<FilePart | null>((resolve, reject) => {
      let found = false;
      bb.on("file", (field: string, stream: Readable, info: unknown) => {
        if (found || field !== FILE_FIELD) {
          stream.resume(); // other files are skipped, not buffered
          return;
        }
        found = true;
        resolve({ name: fileNameOf(info), stream });
      });
      bb.on("finish", () => resolve(null));
      bb.on("error", (err: Error) => reject(err));
      req.on("aborted", () => reject(new Error("client aborted")));
      req.pipe(bb);
    });
  } catch {
    return refuse(
      req,
      res,
      new HttpError(400, Code.InvalidArgument, uploadErrors.malformed),
      requestId,
      deps.log,
      received,
    );
  }
  if (!file) {
    return refuse(
      req,
      res,
      new HttpError(400, Code.InvalidArgument, uploadErrors.noFile),
      requestId,
      deps.log,
      received,
    );
  }
  const { name, stream } = file;
  // A malformed or cut body ends the file stream with an error, so the upstream call fails too.
  bb.on("error", (err: Error) => stream.destroy(err));
  req.on("aborted", () => stream.destroy(new Error("client aborted")));

  const abort = new AbortController();
  res.once("close", () => abort.abort());
  let stopped = false;
  async function* parts(): AsyncGenerator<UploadDocumentRequest> {
    yield create(UploadDocumentRequestSchema, { part: { case: "header", value: { name, size: 0n } } });
    for await (const chunk of stream) {
      if (stopped) return;
      yield create(UploadDocumentRequestSchema, { part: { case: "chunk", value: chunk as Buffer } });
    }
  }

  try {
    const out = await deps.content.stream(
      DocumentAPI.method.uploadDocument,
      abort.signal,
      deps.timeoutMs ?? UPLOAD_TIMEOUT_MS,
      new Headers(headers),
      parts(),
      undefined,
    );
    let reply: unknown;
    for await (const m of out.message) reply = m;
    if (!reply) throw new ConnectError("empty upload reply", Code.Internal);
    const body = JSON.stringify({
      code: 200,
      message: "ok",
      data: toRestJson(AttachmentSchema, create(AttachmentSchema, reply as object)),
    });
    res.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
    });
    res.end(body);
  } catch (err) {
    stopped = true;
    req.unpipe(bb);
    stream.destroy(); // ends parts() if it still waits for bytes
    refuse(req, res, asHttp(err), requestId, deps.log, received);
  }
}

/** Upstream refusals as REST maps them, except "too large": 413 rather than 429. */
function asHttp(err: unknown): unknown {
  if (err instanceof ConnectError && err.code === Code.ResourceExhausted) {
    return new HttpError(413, Code.ResourceExhausted, err.rawMessage);
  }
  return err;
}

/**
 * Answers with the error and stops reading the body: a small rest is discarded so the connection stays
 * usable and the client sees the answer; a large one (or one that takes too long) closes the connection.
 */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  err: unknown,
  requestId: string,
  log: Logger,
  received: number,
) {
  if (req.complete) {
    writeError(res, err, requestId, log);
    return;
  }
  const declared = Number(req.headers["content-length"]);
  const rest = Number.isFinite(declared) ? declared - received : Number.POSITIVE_INFINITY;
  if (rest > LINGER_BYTES) res.setHeader("connection", "close");
  writeError(res, err, requestId, log);
  if (rest > LINGER_BYTES) {
    res.once("finish", () => req.destroy());
    return;
  }
  let discarded = 0;
  const timer = setTimeout(() => req.destroy(), LINGER_MS);
  timer.unref();
  req.on("data", (c: Buffer) => {
    discarded += c.length;
    if (discarded > LINGER_BYTES) req.destroy();
  });
  req.once("end", () => clearTimeout(timer));
  req.once("close", () => clearTimeout(timer));
  req.resume();
}
