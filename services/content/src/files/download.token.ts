// Signed download links: base64url(JSON payload) "." base64url(HMAC-SHA256). The key is derived from the
// deployment's internal secret (never a configurable default like moredoc's "moredoc", defect #5).
import { createHmac, timingSafeEqual } from "node:crypto";

export interface DownloadClaims {
  documentId: bigint;
  /** 0: a guest. */
  userId: bigint;
  /** Unix seconds. */
  expiresAt: number;
  /** A reviewer's link (DownloadDocumentToBeReviewed): valid whatever the document's status. */
  review?: boolean;
}

const LABEL = "wenku-download-v1";

export function downloadKey(internalToken: string): Buffer {
  return createHmac("sha256", internalToken).update(LABEL).digest();
}

const sign = (key: Buffer, payload: string) => createHmac("sha256", key).update(payload).digest();

export function signDownload(key: Buffer, claims: DownloadClaims): string {
  const payload = Buffer.from(
    JSON.stringify({
      d: claims.documentId.toString(),
      u: claims.userId.toString(),
      e: claims.expiresAt,
      ...(claims.review ? { r: 1 } : {}),
    }),
  ).toString("base64url");
  return `${payload}.${sign(key, payload).toString("base64url")}`;
}

export type VerifyResult =
  | { ok: true; claims: DownloadClaims }
  | { ok: false; reason: "malformed" | "signature" | "expired" };

const INTEGER = /^[0-9]{1,19}$/;

/** Checks the signature (constant time) before looking at the payload, then the expiry. */
export function verifyDownload(key: Buffer, token: string, nowSeconds: number): VerifyResult {
  const parts = token.split(".");
  if (parts.length !== 2 || token.length > 512) return { ok: false, reason: "malformed" };
  const [payload, signature] = parts as [string, string];
  const given = Buffer.from(signature, "base64url");
  const expected = sign(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "signature" };
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const o = raw as { d?: unknown; u?: unknown; e?: unknown; r?: unknown };
  if (typeof o.d !== "string" || !INTEGER.test(o.d) || typeof o.u !== "string" || !INTEGER.test(o.u)) {
    return { ok: false, reason: "malformed" };
  }
  if (typeof o.e !== "number" || !Number.isInteger(o.e)) return { ok: false, reason: "malformed" };
  if (o.e <= nowSeconds) return { ok: false, reason: "expired" };
  return { ok: true, claims: { documentId: BigInt(o.d), userId: BigInt(o.u), expiresAt: o.e, review: o.r === 1 } };
}
