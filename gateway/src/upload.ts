// The multipart upload routes (POST /api/v1/upload/document, /avatar, /banner, /config, /article): the file
// part is streamed (never buffered) into the owning service's client-streaming RPC, a header message first,
// then the file's bytes as they arrive. The reply is moredoc's envelope {code: 200, message, data}; the
// article route answers as moredoc's does, in the editor's (wangEditor's) shape {errno: 0, data: {url, alt}}.
import type { IncomingMessage, ServerResponse } from "node:http";
import { create, type DescMessage, type DescMethodClientStreaming, type MessageShape } from "@bufbuild/protobuf";
import { Code, ConnectError, type Transport } from "@connectrpc/connect";
import type { Logger } from "@wenku/kit";
import {
  type Attachment,
  AttachmentAPI,
  type AttachmentSchema,
  UploadImageRequestSchema,
} from "@wenku/proto/api/v1/attachment_pb.js";
import { DocumentAPI, UploadDocumentRequestSchema } from "@wenku/proto/api/v1/document_pb.js";
import { AttachmentType } from "@wenku/proto/api/v1/enums_pb.js";
import { type FilePart, type MultipartRequest, multipartErrors, parseMultipart } from "./multipart.js";
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

export const uploadErrors = { ...multipartErrors, method: "不支持该请求方法" } as const;

/** One upload route: which client-streaming RPC takes the file, and how its messages are made. */
interface UploadRoute<I extends DescMessage, O extends DescMessage> {
  method: DescMethodClientStreaming<I, O>;
  header(file: FilePart): MessageShape<I>;
  chunk(bytes: Uint8Array): MessageShape<I>;
  /** The success body, when not moredoc's {code: 200, message, data}. */
  reply?(out: MessageShape<O>): unknown;
}

/** An image upload: AttachmentAPI's client-streaming RPC for that kind of image. */
const imageRoute = (
  method: DescMethodClientStreaming<typeof UploadImageRequestSchema, typeof AttachmentSchema>,
  type: AttachmentType,
): UploadRoute<typeof UploadImageRequestSchema, typeof AttachmentSchema> => ({
  method,
  header: (f) => create(UploadImageRequestSchema, { part: { case: "header", value: { name: f.name, type } } }),
  chunk: (b) => create(UploadImageRequestSchema, { part: { case: "chunk", value: b } }),
});

const routes = {
  "/api/v1/upload/document": {
    method: DocumentAPI.method.uploadDocument,
    header: (f) => create(UploadDocumentRequestSchema, { part: { case: "header", value: { name: f.name, size: 0n } } }),
    chunk: (b) => create(UploadDocumentRequestSchema, { part: { case: "chunk", value: b } }),
  } satisfies UploadRoute<typeof UploadDocumentRequestSchema, DescMessage>,
  "/api/v1/upload/avatar": imageRoute(AttachmentAPI.method.uploadImage, AttachmentType.AVATAR),
  "/api/v1/upload/banner": imageRoute(AttachmentAPI.method.uploadBanner, AttachmentType.BANNER),
  "/api/v1/upload/config": imageRoute(AttachmentAPI.method.uploadConfigImage, AttachmentType.CONFIG),
  "/api/v1/upload/article": {
    ...imageRoute(AttachmentAPI.method.uploadArticle, AttachmentType.ARTICLE),
    reply: (a: Attachment) => ({ errno: 0, data: { url: a.path, alt: a.name, href: "" } }),
  },
} as const;

export type UploadPath = keyof typeof routes;
export const isUploadPath = (path: string): path is UploadPath => Object.hasOwn(routes, path);

export async function handleUpload(
  deps: UploadDeps,
  path: UploadPath,
  req: IncomingMessage,
  res: ServerResponse,
  headers: ForwardHeaders,
  requestId: string,
): Promise<void> {
  const route: UploadRoute<DescMessage, DescMessage> = routes[path];
  let received = 0;
  const fail = (err: unknown) => refuse(req, res, err, requestId, deps.log, received);
  if ((req.method ?? "").toUpperCase() !== "POST") {
    return fail(new HttpError(405, Code.Unimplemented, uploadErrors.method));
  }
  req.on("data", (c: Buffer) => {
    received += c.length;
  });
  let form: MultipartRequest;
  let file: FilePart | null;
  try {
    form = parseMultipart(req, FILE_FIELD);
  } catch (err) {
    return fail(err);
  }
  try {
    file = await form.file;
  } catch (err) {
    form.stop();
    return fail(err);
  }
  if (!file) return fail(new HttpError(400, Code.InvalidArgument, uploadErrors.noFile));

  const abort = new AbortController();
  res.once("close", () => abort.abort());
  const body = fileMessages(route, file);
  try {
    const out = await deps.content.stream(
      route.method,
      abort.signal,
      deps.timeoutMs ?? UPLOAD_TIMEOUT_MS,
      new Headers(headers),
      body.messages,
      undefined,
    );
    let reply: MessageShape<DescMessage> | undefined;
    for await (const m of out.message) reply = m;
    if (!reply) throw new ConnectError("empty upload reply", Code.Internal);
    writeJson(res, route.reply ? route.reply(reply) : envelope(route.method.output, reply));
  } catch (err) {
    body.stop();
    form.stop(); // ends the messages if they still wait for bytes
    fail(body.cut() ? new HttpError(400, Code.InvalidArgument, uploadErrors.malformed) : asHttp(err));
  }
}

/**
 * The request messages of one upload: the header, then the file's bytes as they arrive. `cut` tells
 * whether the body broke off or went bad after the file part began (the client's fault, not the
 * upstream's); `stop` ends the messages once the upstream has answered.
 */
function fileMessages(route: UploadRoute<DescMessage, DescMessage>, file: FilePart) {
  let stopped = false;
  let cut = false;
  async function* messages() {
    yield route.header(file);
    const body = file.stream[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await body.next(); // only a failure of the body itself is the client's (not one thrown in at yield)
      } catch {
        cut = true;
        throw new ConnectError(uploadErrors.malformed, Code.InvalidArgument);
      }
      if (next.done || stopped) return;
      yield route.chunk(next.value);
    }
  }
  return {
    messages: messages(),
    cut: () => cut,
    stop() {
      stopped = true;
    },
  };
}

/** moredoc's upload envelope: {code: 200, message: "ok", data: <the reply as REST JSON>}. */
function envelope(schema: DescMessage, reply: MessageShape<DescMessage>) {
  return { code: 200, message: "ok", data: toRestJson(schema, reply) };
}

function writeJson(res: ServerResponse, value: unknown) {
  const body = JSON.stringify(value);
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/** Upstream refusals as REST maps them, except "too large": 413 rather than 429. */
function asHttp(err: unknown): unknown {
  if (err instanceof ConnectError && err.code === Code.ResourceExhausted && !err.metadata.has("retry-after")) {
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
  req.on("error", () => {}); // a client vanishing while we answer is not an error of ours
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
