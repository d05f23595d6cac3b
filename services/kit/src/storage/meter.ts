// A pass-through that counts bytes, computes the MD5 and enforces maxBytes / the declared size
// while the body streams, so a too large or short body fails the pipeline before anything is kept.
import { createHash } from "node:crypto";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { type PutOptions, StorageError } from "./types.js";

export class Meter extends Transform {
  size = 0;
  private readonly hash = createHash("md5");

  constructor(
    private readonly key: string,
    private readonly opts: PutOptions,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.size += chunk.length;
    const { maxBytes, size } = this.opts;
    if (maxBytes !== undefined && this.size > maxBytes) {
      cb(new StorageError("too_large", `${this.key}: body exceeds ${maxBytes} bytes`));
      return;
    }
    if (size !== undefined && this.size > size) {
      cb(new StorageError("size_mismatch", `${this.key}: body is longer than the declared ${size} bytes`));
      return;
    }
    this.hash.update(chunk);
    cb(null, chunk);
  }

  override _flush(cb: TransformCallback): void {
    const { size } = this.opts;
    if (size !== undefined && this.size !== size) {
      cb(new StorageError("size_mismatch", `${this.key}: body has ${this.size} bytes, ${size} declared`));
      return;
    }
    cb();
  }

  /** Hex MD5 of everything that passed; call once, after the stream ended. */
  md5(): string {
    return this.hash.digest("hex");
  }
}

/** Refuses before reading when the known size already breaks the limits. */
export function precheck(key: string, body: NodeJS.ReadableStream | Uint8Array, opts: PutOptions): void {
  const known = body instanceof Uint8Array ? body.length : opts.size;
  if (opts.size !== undefined && (!Number.isInteger(opts.size) || opts.size < 0)) {
    throw new StorageError("size_mismatch", `${key}: invalid declared size ${opts.size}`);
  }
  if (body instanceof Uint8Array && opts.size !== undefined && opts.size !== body.length) {
    throw new StorageError("size_mismatch", `${key}: body has ${body.length} bytes, ${opts.size} declared`);
  }
  if (known !== undefined && opts.maxBytes !== undefined && known > opts.maxBytes) {
    throw new StorageError("too_large", `${key}: ${known} bytes exceed ${opts.maxBytes}`);
  }
}

export function toReadable(body: NodeJS.ReadableStream | Uint8Array): NodeJS.ReadableStream {
  return body instanceof Uint8Array ? Readable.from([Buffer.from(body.buffer, body.byteOffset, body.length)]) : body;
}

export const defaultContentType = "application/octet-stream";
