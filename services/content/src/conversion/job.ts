// The conversion request on the bus and where a conversion's outputs live in storage.
// JSON for now: proto/api/v1/events.proto does not exist yet (STYLE §6 wants a protobuf message there).
import type { StreamSpec } from "@wenku/kit/bus/types.js";

export const conversionSubject = "wenku.conversion.requested";
export const conversionStream: StreamSpec = {
  name: "WENKU_CONVERSION",
  subjects: ["wenku.conversion.>"],
  maxAgeMs: 7 * 24 * 3600_000,
};

export interface ConversionJob {
  /** int64 as a decimal string. */
  document_id: string;
  /** The attachment's MD5 (hex): outputs are shared by every document with the same file. */
  attachment_hash: string;
  /** Where the original is in storage. */
  storage_key: string;
  /** Original extension, e.g. ".docx". */
  ext: string;
  /** Reconvert (status 5): ignore existing outputs. */
  force?: boolean;
}

const hashPattern = /^[0-9a-f]{32}$/;

/** The job, or a description of what is wrong with the message (a poison message is dropped, never retried). */
export function decodeJob(data: Uint8Array): ConversionJob | string {
  let v: unknown;
  try {
    v = JSON.parse(new TextDecoder().decode(data));
  } catch {
    return "not JSON";
  }
  if (typeof v !== "object" || v === null) return "not an object";
  const o = v as Record<string, unknown>;
  const id = typeof o.document_id === "number" ? String(o.document_id) : o.document_id;
  if (typeof id !== "string" || !/^[1-9][0-9]{0,18}$/.test(id)) return "document_id must be a positive integer";
  if (typeof o.attachment_hash !== "string" || !hashPattern.test(o.attachment_hash))
    return "attachment_hash must be 32 lowercase hex digits";
  if (typeof o.storage_key !== "string" || o.storage_key === "") return "storage_key is required";
  if (typeof o.ext !== "string" || !/^\.?[a-z0-9]{1,8}$/i.test(o.ext)) return "ext is required";
  if (o.force !== undefined && typeof o.force !== "boolean") return "force must be a boolean";
  return {
    document_id: id,
    attachment_hash: o.attachment_hash,
    storage_key: o.storage_key,
    ext: o.ext,
    ...(o.force ? { force: true } : {}),
  };
}

export function encodeJob(job: ConversionJob): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(job));
}

/** Storage keys of one file's outputs: documents/<hash>/page-N.svg, page-N.gzip.svg, cover.png, text.txt, manifest.json. */
export function outputKeys(hash: string) {
  const prefix = `documents/${hash}/`;
  return {
    prefix,
    page: (n: number, gzip: boolean) => `${prefix}page-${n}${gzip ? ".gzip" : ""}.svg`,
    cover: `${prefix}cover.png`,
    text: `${prefix}text.txt`,
    /** Written last: its presence means every other output is complete. */
    manifest: `${prefix}manifest.json`,
  };
}

/** What the manifest records about a converted file. */
export interface Manifest {
  version: 1;
  hash: string;
  ext: string;
  format: string;
  pages: number;
  rendered: number;
  width: number;
  height: number;
  textBytes: number;
  textTruncated: boolean;
  svgBytes: number;
  gzipBytes: number;
  convertedAt: string;
}

export function parseManifest(raw: string, hash: string): Manifest | undefined {
  try {
    const m = JSON.parse(raw) as Partial<Manifest>;
    if (m.version !== 1 || m.hash !== hash || !(typeof m.pages === "number" && m.pages > 0)) return undefined;
    if (!(typeof m.rendered === "number" && m.rendered > 0)) return undefined;
    return m as Manifest;
  } catch {
    return undefined;
  }
}
