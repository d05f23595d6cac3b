// TEST CODE: a self-signed X.509 v3 certificate (SHA256withRSA) built in DER by hand, so the WeChat
// Pay stand-in can serve real platform certificates without openssl or a library. Node parses them
// with crypto.X509Certificate like WeChat's own.
import { type KeyObject, sign } from "node:crypto";

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const tlv = (tag: number, ...parts: Buffer[]) => {
  const value = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), length(value.length), value]);
};
const seq = (...parts: Buffer[]) => tlv(0x30, ...parts);

function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split(".").map(Number);
  const bytes = [40 * a + b];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function integer(hex: string): Buffer {
  const bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, "hex");
  return tlv(0x02, (bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

/** UTCTime YYMMDDHHMMSSZ (valid for 1950–2049). */
const utcTime = (d: Date) => tlv(0x17, Buffer.from(`${d.toISOString().slice(2, 19).replace(/[-T:]/g, "")}Z`));
const name = (cn: string) => seq(tlv(0x31, seq(oid("2.5.4.3"), tlv(0x0c, Buffer.from(cn, "utf8")))));
const sha256WithRsa = seq(oid("1.2.840.113549.1.1.11"), Buffer.from([0x05, 0x00]));

/** A PEM certificate for `publicKey`, signed by `privateKey`, with this serial (hex) and validity. */
export function selfSignedCertificate(opts: {
  serialHex: string;
  commonName: string;
  publicKey: KeyObject;
  privateKey: KeyObject;
  notBefore: Date;
  notAfter: Date;
}): string {
  const tbs = seq(
    tlv(0xa0, integer("02")), // [0] EXPLICIT version v3
    integer(opts.serialHex),
    sha256WithRsa,
    name(opts.commonName),
    seq(utcTime(opts.notBefore), utcTime(opts.notAfter)),
    name(opts.commonName),
    opts.publicKey.export({ type: "spki", format: "der" }),
  );
  const signature = sign("sha256", tbs, opts.privateKey);
  const der = seq(tbs, sha256WithRsa, tlv(0x03, Buffer.from([0]), signature));
  const lines = der.toString("base64").match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`;
}
