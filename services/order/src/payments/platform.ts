// What the online providers (Alipay, WeChat Pay) share at their edge to the platform: loading the
// RSA keys an admin pastes into the pay settings, one HTTP call with a deadline whose failures
// become DomainError("unavailable"), and China Standard Time stamps (both platforms want them).
import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from "node:crypto";
import { DomainError } from "@wenku/kit";

export interface PlatformOptions {
  fetch?: typeof fetch;
  now?: () => Date;
  /** Deadline of one call to the platform, default 10 s. */
  timeoutMs?: number;
}

const PEM = /-----BEGIN [A-Z0-9 ]+-----/;

function derOf(text: string): Buffer | undefined {
  const b64 = text.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return undefined;
  return Buffer.from(b64, "base64");
}

function rsaOnly(key: KeyObject): KeyObject {
  if (key.asymmetricKeyType !== "rsa") throw new Error(`not an RSA key: ${key.asymmetricKeyType}`);
  return key;
}

/** The first of `types` the DER parses as, or the PEM itself; undefined when nothing is an RSA key. */
function loadRsa<T extends string>(text: string, create: (der: Buffer | string, type?: T) => KeyObject, types: T[]) {
  const der = PEM.test(text) ? undefined : derOf(text);
  const attempts: Array<() => KeyObject> = PEM.test(text)
    ? [() => create(text.trim())]
    : der
      ? types.map((type) => () => create(der, type))
      : [];
  for (const attempt of attempts) {
    try {
      return rsaOnly(attempt());
    } catch {
      // next form
    }
  }
  return undefined;
}

/** An RSA private key from a PEM (PKCS#8 or PKCS#1) or the bare base64 of either; undefined when none parses. */
export function rsaPrivateKey(text: string): KeyObject | undefined {
  return loadRsa(text, (key, type) => (type ? createPrivateKey({ key, format: "der", type }) : createPrivateKey(key)), [
    "pkcs8" as const,
    "pkcs1" as const,
  ]);
}

/** An RSA public key from a PEM (SPKI, PKCS#1 or a certificate) or the bare base64 of SPKI / PKCS#1. */
export function rsaPublicKey(text: string): KeyObject | undefined {
  return loadRsa(text, (key, type) => (type ? createPublicKey({ key, format: "der", type }) : createPublicKey(key)), [
    "spki" as const,
    "pkcs1" as const,
  ]);
}

/** SHA256withRSA (Alipay's RSA2, WeChat Pay's SHA256-RSA2048), base64. */
export function rsaSha256Sign(message: string, key: KeyObject): string {
  return createSign("RSA-SHA256").update(message, "utf8").sign(key, "base64");
}

/** false for a wrong or malformed signature, never a throw. */
export function rsaSha256Verify(message: string, signature: string, key: KeyObject): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return createVerify("RSA-SHA256").update(message, "utf8").verify(key, signature, "base64");
  } catch {
    return false;
  }
}

/** A key from the pay settings, or DomainError("failed_precondition", message) naming what to fix. */
export function configuredKey(key: KeyObject | undefined, message: string): KeyObject {
  if (!key) throw new DomainError("failed_precondition", message);
  return key;
}

export interface PlatformResponse {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * One request to a payment platform. A network failure, a timeout or an unreadable answer becomes
 * DomainError("unavailable", `${platform}暂时无法连接…`) with the cause kept for the log; the
 * caller's own abort is passed through unchanged. Status codes are the caller's to judge.
 */
export async function callPlatform(
  platform: string,
  opts: PlatformOptions,
  url: string,
  init: RequestInit,
  signal?: AbortSignal,
): Promise<PlatformResponse> {
  const deadline = AbortSignal.timeout(opts.timeoutMs ?? 10_000);
  const combined = signal ? AbortSignal.any([deadline, signal]) : deadline;
  try {
    const res = await (opts.fetch ?? fetch)(url, { ...init, signal: combined, redirect: "manual" });
    return { status: res.status, headers: res.headers, text: await res.text() };
  } catch (cause) {
    if (signal?.aborted && !deadline.aborted) throw cause;
    const message = deadline.aborted ? `${platform}响应超时，请稍后再试` : `${platform}暂时无法连接，请稍后再试`;
    throw unavailable(message, cause);
  }
}

/** DomainError("unavailable") carrying the technical cause for the log (never shown to people). */
function unavailable(message: string, cause: unknown): DomainError {
  const err = new DomainError("unavailable", message);
  err.cause = cause;
  return err;
}

/** A platform answered, but not as its protocol says (HTTP error, bad signature, bad JSON). */
export function platformFailed(platform: string, detail: string): DomainError {
  return unavailable(`${platform}暂时不可用，请稍后再试`, new Error(detail));
}

const CST_OFFSET_MS = 8 * 3600_000; // Asia/Shanghai: UTC+8 all year, no daylight saving since 1991

/** The wall-clock fields of `at` in China Standard Time. */
function cstParts(at: Date) {
  const iso = new Date(at.getTime() + CST_OFFSET_MS).toISOString(); // 2026-11-25T08:30:00.000Z
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

/** "yyyy-MM-dd HH:mm:ss" in Asia/Shanghai (Alipay's timestamps). */
export function cstDateTime(at: Date): string {
  const { date, time } = cstParts(at);
  return `${date} ${time}`;
}

/** RFC 3339 with the +08:00 offset (WeChat Pay's time_expire). */
export function cstRfc3339(at: Date): string {
  const { date, time } = cstParts(at);
  return `${date}T${time}+08:00`;
}

/** Parses "yyyy-MM-dd HH:mm:ss" (Asia/Shanghai); undefined when malformed. */
export function parseCstDateTime(text: string | undefined): Date | undefined {
  const m = text?.match(/^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/);
  if (!m) return undefined;
  const at = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}
