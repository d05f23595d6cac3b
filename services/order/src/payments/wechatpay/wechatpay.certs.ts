// WeChat Pay platform certificates: the public keys that sign every answer and notify. They are
// downloaded (GET /v3/certificates, each certificate AES-256-GCM encrypted with the APIv3 key),
// cached by serial, and downloaded again only when a serial we do not know shows up — at most once
// a minute, so a flood of forged notifies cannot turn into a flood of downloads.
import { type KeyObject, X509Certificate } from "node:crypto";
import { DomainError } from "@wenku/kit";
import { decryptResource, type EncryptedResource, normalizeSerial } from "./wechatpay.protocol.js";

export interface PlatformCert {
  serial: string;
  publicKey: KeyObject;
  notBefore: Date;
  notAfter: Date;
}

export const MIN_REFRESH_MS = 60_000;

/** Reads a PEM certificate; `expectedSerial` (from the download's listing) must match the certificate's own. */
export function platformCertFromPem(pem: string, expectedSerial?: string): PlatformCert {
  const x509 = new X509Certificate(pem);
  const serial = normalizeSerial(x509.serialNumber);
  if (expectedSerial !== undefined && normalizeSerial(expectedSerial) !== serial) {
    throw new Error(`certificate serial ${serial} listed as ${expectedSerial}`);
  }
  if (x509.publicKey.asymmetricKeyType !== "rsa") throw new Error("platform certificate key is not RSA");
  return { serial, publicKey: x509.publicKey, notBefore: new Date(x509.validFrom), notAfter: new Date(x509.validTo) };
}

interface CertificateListing {
  data?: Array<{ serial_no?: string; encrypt_certificate?: EncryptedResource }>;
}

/** The certificates of a /v3/certificates answer body, decrypted and parsed. Throws on anything malformed. */
export function certsFromListing(body: string, apiV3Key: Buffer): PlatformCert[] {
  const listing = JSON.parse(body) as CertificateListing;
  if (!Array.isArray(listing.data) || listing.data.length === 0) throw new Error("no certificates listed");
  return listing.data.map((item) => {
    if (!item.serial_no || !item.encrypt_certificate) throw new Error("certificate item incomplete");
    return platformCertFromPem(decryptResource(item.encrypt_certificate, apiV3Key), item.serial_no);
  });
}

/** Why GET /v3/certificates gave no certificates we trust; `message` is technical (for the log). */
export class CertDownloadError extends Error {
  constructor(
    /** refused: the platform answered an error (its code and text kept); unreadable: not decryptable with the APIv3 key; inauthentic: the signature does not hold. */
    readonly reason: "refused" | "unreadable" | "inauthentic",
    detail: string,
    readonly status?: number,
    readonly platformText?: string,
  ) {
    super(`GET /v3/certificates: ${detail}`);
    this.name = "CertDownloadError";
  }
}

/** A /v3/certificates error answer: its HTTP status and the platform's "CODE：message" (bounded). */
export function refusalOf(status: number, body: string): CertDownloadError {
  let parsed: { code?: unknown; message?: unknown } = {};
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    // not JSON: the status alone
  }
  const text = [parsed.code, parsed.message]
    .filter((x): x is string => typeof x === "string" && x.length > 0)
    .join("：")
    .slice(0, 200);
  return new CertDownloadError("refused", `HTTP ${status} ${text}`, status, text || `HTTP ${status}`);
}

/**
 * The operator's message for a failed check (ConfigAPI.GetWechatPayCert): what the platform said and
 * what to look at. A refusal or an unreadable listing is a settings problem (failed_precondition);
 * the platform's own trouble (5xx, a signature that does not hold) is "unavailable".
 */
export function operatorError(err: CertDownloadError): DomainError {
  if (err.reason === "unreadable")
    return new DomainError("failed_precondition", "微信支付平台证书无法用 APIv3 密钥解密，请检查 APIv3 密钥");
  if (err.reason === "inauthentic") return new DomainError("unavailable", "微信支付平台证书的签名无法验证，请稍后再试");
  const said = `微信支付返回：${err.platformText}`;
  if ((err.status ?? 500) >= 500) return new DomainError("unavailable", `${said}，请稍后再试`);
  return new DomainError(
    "failed_precondition",
    `${said}。请检查商户号、商户 API 证书序列号、商户私钥；如商户已改用微信支付公钥，请填写公钥和公钥 ID`,
  );
}

export interface CertStore {
  /** The public key of a valid certificate with this serial, refreshing (bounded) when unknown. */
  key(serial: string): Promise<KeyObject | undefined>;
}

export function createCertStore(deps: {
  /** Downloads and authenticates the current certificates. */
  download: () => Promise<PlatformCert[]>;
  now: () => Date;
  preloaded?: readonly PlatformCert[];
}): CertStore {
  const known = new Map<string, PlatformCert>();
  for (const cert of deps.preloaded ?? []) known.set(cert.serial, cert);
  let lastAttempt: number | undefined;
  let inflight: Promise<void> | undefined;

  const valid = (serial: string) => {
    const cert = known.get(serial);
    const at = deps.now().getTime();
    return cert && cert.notBefore.getTime() <= at && at <= cert.notAfter.getTime() ? cert.publicKey : undefined;
  };

  function refresh(): Promise<void> {
    inflight ??= (async () => {
      lastAttempt = deps.now().getTime();
      try {
        for (const cert of await deps.download()) known.set(cert.serial, cert);
      } finally {
        inflight = undefined;
      }
    })();
    return inflight;
  }

  return {
    async key(serial) {
      const wanted = normalizeSerial(serial);
      const hit = valid(wanted);
      if (hit) return hit;
      if (inflight) await inflight;
      else if (lastAttempt === undefined || deps.now().getTime() - lastAttempt >= MIN_REFRESH_MS) await refresh();
      return valid(wanted);
    },
  };
}
