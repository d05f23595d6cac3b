import { createSign, createVerify, generateKeyPairSync, type KeyObject } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { DomainError } from "@wenku/kit";
import { callPlatform, cstDateTime, cstRfc3339, parseCstDateTime, rsaPrivateKey, rsaPublicKey } from "./platform.js";

const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 });
const ec = generateKeyPairSync("ec", { namedCurve: "P-256" });
const pem = (k: KeyObject, type: string) => k.export({ type, format: "pem" } as never) as unknown as string;
const bare = (k: KeyObject, type: string) =>
  (k.export({ type, format: "der" } as never) as unknown as Buffer).toString("base64");

/** The loaded keys still pair with the originals. */
function pairs(priv: KeyObject | undefined, pub: KeyObject | undefined): boolean {
  if (!priv || !pub) return false;
  const sig = createSign("RSA-SHA256").update("x").sign(priv, "base64");
  return createVerify("RSA-SHA256").update("x").verify(pub, sig, "base64");
}

describe("keys as admins paste them", () => {
  test("private: PKCS#8 or PKCS#1, as PEM or bare base64 (with line breaks)", () => {
    for (const text of [
      pem(rsa.privateKey, "pkcs8"),
      pem(rsa.privateKey, "pkcs1"),
      bare(rsa.privateKey, "pkcs8"),
      bare(rsa.privateKey, "pkcs1").replace(/(.{64})/g, "$1\n"),
    ]) {
      expect(pairs(rsaPrivateKey(text), rsa.publicKey)).toBe(true);
    }
  });

  test("public: SPKI or PKCS#1, as PEM or bare base64", () => {
    for (const text of [
      pem(rsa.publicKey, "spki"),
      pem(rsa.publicKey, "pkcs1"),
      bare(rsa.publicKey, "spki"),
      bare(rsa.publicKey, "pkcs1"),
    ]) {
      expect(pairs(rsa.privateKey, rsaPublicKey(text))).toBe(true);
    }
  });

  test("garbage, truncated or non-RSA keys are refused", () => {
    const bad = [
      "",
      "hello world",
      "bm90IGEga2V5",
      bare(rsa.privateKey, "pkcs8").slice(0, 200),
      pem(ec.privateKey, "pkcs8"),
    ];
    for (const text of bad) expect(rsaPrivateKey(text)).toBeUndefined();
    for (const text of [...bad, pem(ec.publicKey, "spki"), bare(ec.publicKey, "spki")])
      expect(rsaPublicKey(text)).toBeUndefined();
  });
});

describe("China Standard Time stamps", () => {
  test("format and parse Asia/Shanghai wall-clock times across a day boundary", () => {
    const at = new Date("2026-12-31T16:30:05Z");
    expect(cstDateTime(at)).toBe("2027-01-01 00:30:05");
    expect(cstRfc3339(at)).toBe("2027-01-01T00:30:05+08:00");
    expect(parseCstDateTime("2027-01-01 00:30:05")?.toISOString()).toBe("2026-12-31T16:30:05.000Z");
    for (const bad of [undefined, "", "2027-01-01T00:30:05", "2027-13-01 00:30:05", "2027-1-1 0:30:05"]) {
      expect(parseCstDateTime(bad)).toBeUndefined();
    }
  });
});

describe("callPlatform against a local HTTP server", () => {
  test("answers are passed through; a timeout or refused connection is unavailable; the caller's abort stays an abort", async () => {
    const server = createServer((req, res) => {
      if (req.url === "/slow") return; // never answers
      res.writeHead(503).end("busy");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await expect(callPlatform("平台", {}, `${origin}/x`, {})).resolves.toMatchObject({ status: 503, text: "busy" });
      await expect(callPlatform("平台", { timeoutMs: 200 }, `${origin}/slow`, {})).rejects.toMatchObject({
        kind: "unavailable",
        message: "平台响应超时，请稍后再试",
      });
      const ours = new AbortController();
      const call = callPlatform("平台", {}, `${origin}/slow`, {}, ours.signal);
      ours.abort();
      await expect(call).rejects.not.toBeInstanceOf(DomainError);
      await expect(callPlatform("平台", {}, "http://127.0.0.1:9/", {})).rejects.toMatchObject({
        message: "平台暂时无法连接，请稍后再试",
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
