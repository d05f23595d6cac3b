// Bytes from storage as FileChunk data messages of at most CHUNK bytes each.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { DomainError } from "@wenku/kit";
import { type ByteRange, type Storage, StorageError } from "@wenku/kit/storage";
import type { FileChunkSchema } from "@wenku/proto/api/v1/attachment_pb.js";

export type FileChunkInit = MessageInitShape<typeof FileChunkSchema>;

export const CHUNK = 64 * 1024;

/** Opens `key` (or a range of it); a missing object (deleted between stat and get) is the caller's NotFound. */
export async function openObject(
  storage: Storage,
  key: string,
  notFound: string,
  range?: ByteRange,
): Promise<NodeJS.ReadableStream> {
  try {
    return await storage.get(key, range);
  } catch (err) {
    if (err instanceof StorageError && err.code === "not_found") throw new DomainError("not_found", notFound);
    throw err;
  }
}

/** A small body's bytes, read whole; closed when read, failed, or when `signal` aborts. */
export async function readAll(body: NodeJS.ReadableStream, signal?: AbortSignal): Promise<Buffer> {
  const close = () => (body as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  if (signal?.aborted) close();
  signal?.addEventListener("abort", close, { once: true });
  try {
    const parts: Buffer[] = [];
    for await (const piece of body as AsyncIterable<Buffer | string>)
      parts.push(typeof piece === "string" ? Buffer.from(piece) : piece);
    signal?.throwIfAborted(); // cut short: never a partial body
    return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
  } finally {
    signal?.removeEventListener("abort", close);
    close();
  }
}

/**
 * `first` (the metadata), then the body's bytes. The body is closed however the stream ends: finished,
 * failed, or abandoned by the consumer (HEAD, a client gone) before the bytes were even read. An
 * abandoned generator is not always returned (an in-process transport may just stop pulling when the
 * call is cancelled), so the call's `signal` closes the body too: otherwise its file descriptor stays
 * open until garbage collection.
 */
export async function* withData(
  first: FileChunkInit,
  body: NodeJS.ReadableStream,
  signal?: AbortSignal,
): AsyncGenerator<FileChunkInit> {
  const close = () => (body as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  if (signal?.aborted) close();
  signal?.addEventListener("abort", close, { once: true });
  try {
    yield first;
    for await (const piece of body as AsyncIterable<Buffer | string>) {
      const buf = typeof piece === "string" ? Buffer.from(piece) : piece;
      for (let at = 0; at < buf.length; at += CHUNK) yield { data: buf.subarray(at, at + CHUNK) };
    }
  } finally {
    signal?.removeEventListener("abort", close);
    close();
  }
}
