// WeChat Pay platform certificates: the public keys that sign every answer and notify. They are
// downloaded (GET /v3/certificates, each certificate AES-256-GCM encrypted with the APIv3 key),
// cached by serial, and downloaded again only when a serial we do not know shows up — at most once
// a minute, so a flood of forged notifies cannot turn into a flood of downloads.
import { type KeyObject, X509Certificate } from "node:crypto";
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
