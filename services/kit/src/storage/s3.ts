// Objects in an S3 bucket (MinIO, AWS, …) through the `minio` client.
//
// put() does not hand streams to minio's putObject: with a known size ≤ 64 MiB that reads the whole
// body into memory, and with an unknown size it always goes multipart with 528 MiB parts held in
// memory, resuming any unfinished upload of the same key (concurrent writers of one key would share
// an upload). Instead put() reads up to `partSize` (default 8 MiB): a body that ended by then is one
// PUT of that buffer; a longer one becomes our own multipart upload, one part in memory at a time,
// aborted on failure. Memory per upload is bounded by the part size whatever the object size.
// A streamed single PUT (UNSIGNED-PAYLOAD) would need no buffer, but a server that keeps the partial
// body of an aborted request (s3rver does) would then publish a truncated object; multipart never does.
// S3 PUT and CompleteMultipartUpload are atomic: readers never see a partial object.
import { createHash } from "node:crypto";
import { pipeline } from "node:stream/promises";
import { Client, type ClientOptions } from "minio";
import { checkKey, checkPrefix, resolveRange } from "./keys.js";
import { defaultContentType, Meter, precheck, toReadable } from "./meter.js";
import { type ByteRange, type ObjectInfo, type PutOptions, type Storage, StorageError } from "./types.js";

export interface S3StorageOptions {
  /** e.g. http://minio:9000 or https://s3.eu-west-1.amazonaws.com */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
  /**
   * Bodies up to this size are one PUT, larger ones multipart with parts of this size: the memory one
   * upload holds (≥ 5 MiB, default 8 MiB).
   */
  partSize?: number;
  /** Create the bucket when missing (default true). */
  createBucket?: boolean;
}

const minPart = 5 * 1024 * 1024;
const maxParts = 10_000;

function s3Code(err: unknown): string | undefined {
  return typeof err === "object" && err !== null && "code" in err && typeof err.code === "string"
    ? err.code
    : undefined;
}

function mapError(err: unknown, key: string): unknown {
  const code = s3Code(err);
  if (code === "NoSuchKey" || code === "NotFound") return new StorageError("not_found", `${key} not found`);
  if (code === "InvalidRange") return new StorageError("invalid_range", `invalid range for ${key}`, { cause: err });
  return err;
}

/** Reads up to `limit` bytes from an async iterator of chunks; `done` when the body ended. */
async function readUpTo(
  it: AsyncIterator<Buffer>,
  carry: Buffer[],
  limit: number,
): Promise<{ chunk: Buffer; rest: Buffer[]; done: boolean }> {
  const parts = carry;
  let length = parts.reduce((n, b) => n + b.length, 0);
  let done = false;
  while (length < limit) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    parts.push(r.value);
    length += r.value.length;
  }
  const all = Buffer.concat(parts);
  return { chunk: all.subarray(0, limit), rest: all.length > limit ? [all.subarray(limit)] : [], done };
}

class S3Storage implements Storage {
  constructor(
    private readonly client: Client,
    private readonly bucket: string,
    private readonly partSize: number,
  ) {}

  async put(key: string, body: NodeJS.ReadableStream | Uint8Array, opts: PutOptions = {}) {
    checkKey(key);
    precheck(key, body, opts);
    const contentType = opts.contentType ?? defaultContentType;
    const meter = new Meter(key, opts);
    const source = toReadable(body);
    // S3 allows 10,000 parts: grow the part size when a known size needs it.
    const partSize = Math.max(this.partSize, Math.ceil((opts.size ?? 0) / maxParts));
    try {
      await this.upload(key, source, meter, contentType, partSize);
    } catch (err) {
      meter.destroy(); // stop reading the body (and release it) whatever failed
      throw mapError(err, key);
    }
    return { size: meter.size, md5: meter.md5() };
  }

  private async upload(
    key: string,
    source: NodeJS.ReadableStream,
    meter: Meter,
    contentType: string,
    partSize: number,
  ): Promise<void> {
    const piped = pipeline(source, meter);
    piped.catch(() => undefined); // surfaced through the iterator below
    const it = meter[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    let next = await readUpTo(it, [], partSize);
    if (next.done) {
      await this.client.putObject(this.bucket, key, next.chunk, next.chunk.length, { "Content-Type": contentType });
      return;
    }
    const uploadId = await this.client.initiateNewMultipartUpload(this.bucket, key, { "Content-Type": contentType });
    try {
      const etags: { part: number; etag: string }[] = [];
      for (let part = 1; ; part++) {
        const uploaded = await this.client.uploadPart(
          {
            bucketName: this.bucket,
            objectName: key,
            uploadID: uploadId,
            partNumber: part,
            headers: { "Content-MD5": createHash("md5").update(next.chunk).digest("base64") },
          },
          next.chunk,
        );
        etags.push({ part, etag: uploaded.etag });
        if (next.done && next.rest.length === 0) break;
        if (part === maxParts) throw new Error(`${key}: more than ${maxParts} parts of ${partSize} bytes`);
        next = await readUpTo(it, next.rest, partSize);
        if (next.chunk.length === 0) break;
      }
      await piped;
      await this.client.completeMultipartUpload(this.bucket, key, uploadId, etags);
    } catch (err) {
      // Parts of an unfinished upload are invisible but billed: abort (best effort; s3rver cannot).
      await this.client.abortMultipartUpload(this.bucket, key, uploadId).catch(() => undefined);
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<NodeJS.ReadableStream> {
    checkKey(key);
    try {
      if (!range || (range.start === 0 && range.end === undefined)) {
        return await this.client.getObject(this.bucket, key);
      }
      resolveRange(range, Number.POSITIVE_INFINITY, key); // shape check; S3 answers InvalidRange past the end
      const length = range.end === undefined ? 0 : range.end - range.start + 1;
      return await this.client.getPartialObject(this.bucket, key, range.start, length);
    } catch (err) {
      throw mapError(err, key);
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    checkKey(key);
    try {
      const s = await this.client.statObject(this.bucket, key);
      const contentType = s.metaData["content-type"];
      return {
        key,
        size: s.size,
        etag: s.etag,
        lastModified: s.lastModified,
        contentType: typeof contentType === "string" ? contentType : defaultContentType,
      };
    } catch (err) {
      const mapped = mapError(err, key);
      if (mapped instanceof StorageError && mapped.code === "not_found") return null;
      throw mapped;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await this.client.removeObject(this.bucket, key);
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    checkPrefix(prefix);
    for await (const item of this.client.listObjectsV2(this.bucket, prefix, true)) {
      if (!item.name) continue; // common prefixes never appear in a recursive listing
      yield { key: item.name, size: item.size, etag: item.etag, lastModified: item.lastModified };
    }
  }
}

/** Connects to the bucket (creating it when missing unless told not to). */
export async function createS3Storage(opts: S3StorageOptions): Promise<Storage> {
  const url = new URL(opts.endpoint);
  const useSSL = url.protocol === "https:";
  const base: ClientOptions = {
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: opts.accessKey,
    secretKey: opts.secretKey,
    region: opts.region ?? "us-east-1",
    pathStyle: true,
  };
  const partSize = opts.partSize ?? 8 * 1024 * 1024;
  if (partSize < minPart) throw new Error(`S3 part size must be at least ${minPart} bytes (S3's minimum)`);
  const client = new Client(base);
  if (opts.createBucket !== false && !(await client.bucketExists(opts.bucket))) {
    await client.makeBucket(opts.bucket, base.region);
  }
  return new S3Storage(client, opts.bucket, partSize);
}
