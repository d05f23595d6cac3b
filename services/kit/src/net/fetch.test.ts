import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { isPublicAddress } from "./address.js";
import { parseAllowHosts } from "./allow.js";
import { FetchRefused, fetchImage, guardedFetch, guardedSend } from "./fetch.js";

/** A 1×1 PNG's first bytes are enough for the magic-byte check. */
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");

let server: Server;
let base: string;
let port: number;
const LOCAL = parseAllowHosts("127.0.0.1").entries;
const quick = { maxBytes: 1024, timeoutMs: 2_000 };

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/image.png") return void res.writeHead(200, { "content-type": "image/png" }).end(PNG);
    if (path === "/page") return void res.writeHead(200, { "content-type": "text/html" }).end("<html>hi</html>");
    if (path === "/lying-html") return void res.writeHead(200, { "content-type": "image/png" }).end("<html>");
    if (path === "/big") return void res.writeHead(200).end(Buffer.alloc(4096, 1));
    if (path === "/big-stream") {
      // no content-length: the cap must cut the stream itself
      res.writeHead(200, { "transfer-encoding": "chunked" });
      const timer = setInterval(() => res.write(Buffer.alloc(512, 2)), 5);
      res.on("close", () => clearInterval(timer));
      return;
    }
    if (path === "/trickle") {
      res.writeHead(200, { "content-type": "image/png" });
      res.write(PNG.subarray(0, 4));
      const timer = setInterval(() => res.write(Buffer.from([0])), 100);
      res.on("close", () => clearInterval(timer));
      return;
    }
    if (path === "/silent") return; // never answers
    if (path === "/missing") return void res.writeHead(404).end();
    if (path === "/echo" && req.method === "POST") {
      const parts: Buffer[] = [];
      req.on("data", (c: Buffer) => parts.push(c));
      req.on("end", () =>
        res
          .writeHead(400, { "content-type": "application/json" })
          .end(JSON.stringify({ got: Buffer.concat(parts).toString(), sign: req.headers["x-sign"] })),
      );
      return;
    }
    const to = /^\/redirect\?to=(.+)$/.exec(path)?.[1];
    if (to) return void res.writeHead(302, { location: decodeURIComponent(to) }).end();
    if (path.startsWith("/loop")) return void res.writeHead(301, { location: `/loop${path.length}` }).end();
    res.writeHead(200, { "content-type": "text/plain" }).end("ok");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
});

async function refusal(p: Promise<unknown>): Promise<FetchRefused> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(FetchRefused);
    return err as FetchRefused;
  }
  throw new Error("the fetch was not refused");
}

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "255.255.255.255",
    "224.0.0.1",
    "192.0.2.1",
    "::1",
    "::",
    "[::1]",
    "::ffff:127.0.0.1",
    "[::ffff:7f00:1]",
    "::ffff:10.0.0.1",
    "64:ff9b::7f00:1",
    "64:ff9b::a9fe:a9fe",
    "2002:7f00:1::1",
    "fe80::1",
    "fe80::1%eth0",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "not-an-address",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("takes %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("guardedFetch", () => {
  it("refuses loopback, private, link-local and mapped IP literals before connecting", async () => {
    for (const host of ["127.0.0.1", "[::1]", "10.0.0.1", "169.254.169.254", "[::ffff:127.0.0.1]", "0.0.0.0", "[::]"]) {
      const err = await refusal(guardedFetch(`http://${host}:${port}/`, quick));
      expect([host, err.reason, err.message]).toEqual([host, "address", "不能获取内网、本机或保留地址的内容"]);
    }
  });

  it("refuses a name that resolves to loopback (checked after DNS)", async () => {
    expect((await refusal(guardedFetch(`http://localhost:${port}/`, quick))).reason).toBe("address");
  });

  it("takes only http and https", async () => {
    for (const url of ["file:///etc/passwd", "ftp://example.com/a", "gopher://x/", "javascript:alert(1)"]) {
      expect((await refusal(guardedFetch(url, quick))).reason).toBe("scheme");
    }
    expect((await refusal(guardedFetch("not a url", quick))).reason).toBe("bad_url");
  });

  it("fetches from an allow-listed local server (FETCH_ALLOW_HOSTS), by address, address:port or name", async () => {
    for (const list of ["127.0.0.1", `127.0.0.1:${port}`, "127.0.0.0/8", "localhost"]) {
      const host = list === "localhost" ? "localhost" : "127.0.0.1";
      const got = await guardedFetch(`http://${host}:${port}/hello`, {
        ...quick,
        allow: parseAllowHosts(list).entries,
      });
      expect([list, got.contentType, got.bytes.toString()]).toEqual([list, "text/plain", "ok"]);
    }
  });

  it("keeps an allow-listed port to itself and a host name to URLs naming it", async () => {
    const otherPort = parseAllowHosts(`127.0.0.1:${port + 1}`).entries;
    expect((await refusal(guardedFetch(`${base}/hello`, { ...quick, allow: otherPort }))).reason).toBe("address");
    const named = parseAllowHosts(`localhost:${port + 1}`).entries;
    expect((await refusal(guardedFetch(`http://localhost:${port}/`, { ...quick, allow: named }))).reason).toBe(
      "address",
    );
    // the name lets the name through, not its address typed as a literal
    const byName = parseAllowHosts("localhost").entries;
    expect((await refusal(guardedFetch(`${base}/hello`, { ...quick, allow: byName }))).reason).toBe("address");
  });

  it("checks every redirect: one to loopback or a private address is refused", async () => {
    for (const target of [
      `http://127.0.0.2:${port}/`,
      `http://[::1]:${port}/`,
      "http://10.0.0.1/",
      "file:///etc/passwd",
    ]) {
      const err = await refusal(
        guardedFetch(`${base}/redirect?to=${encodeURIComponent(target)}`, { ...quick, allow: LOCAL }),
      );
      expect(err.reason).toBe(target.startsWith("file") ? "scheme" : "address");
    }
    const followed = await guardedFetch(`${base}/redirect?to=${encodeURIComponent("/hello")}`, {
      ...quick,
      allow: LOCAL,
    });
    expect(followed.url).toBe(`${base}/hello`);
  });

  it("caps redirects", async () => {
    const err = await refusal(guardedFetch(`${base}/loop`, { ...quick, allow: LOCAL, maxRedirects: 3 }));
    expect([err.reason, err.message]).toEqual(["redirects", "地址重定向次数过多"]);
  });

  it("caps the size: by the declared length and by counting a stream", async () => {
    const declared = await refusal(guardedFetch(`${base}/big`, { ...quick, allow: LOCAL }));
    expect([declared.reason, declared.message]).toEqual(["too_large", "内容超过 1 KB"]);
    const started = Date.now();
    const streamed = await refusal(guardedFetch(`${base}/big-stream`, { ...quick, allow: LOCAL }));
    expect(streamed.reason).toBe("too_large");
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("caps the whole time: silent servers and trickled bodies", async () => {
    for (const path of ["/silent", "/trickle"]) {
      const started = Date.now();
      const err = await refusal(guardedFetch(`${base}${path}`, { maxBytes: 1 << 20, timeoutMs: 300, allow: LOCAL }));
      expect([path, err.reason]).toEqual([path, "timeout"]);
      expect(Date.now() - started).toBeLessThan(1_500);
    }
  });

  it("refuses an error status", async () => {
    const err = await refusal(guardedFetch(`${base}/missing`, { ...quick, allow: LOCAL }));
    expect([err.reason, err.message]).toEqual(["status", "对方服务器返回了错误（HTTP 404）"]);
  });
});

describe("fetchImage", () => {
  it("takes an image by its bytes", async () => {
    const got = await fetchImage(`${base}/image.png`, { ...quick, allow: LOCAL });
    expect(got.bytes.equals(PNG)).toBe(true);
  });

  it("refuses HTML, declared as such or as an image", async () => {
    for (const path of ["/page", "/lying-html", "/hello"]) {
      const err = await refusal(fetchImage(`${base}${path}`, { ...quick, allow: LOCAL }));
      expect([path, err.reason]).toEqual([path, "type"]);
    }
  });
});

describe("guardedSend", () => {
  it("posts a body with headers and returns an error status's answer to read", async () => {
    const got = await guardedSend(`${base}/echo`, {
      ...quick,
      allow: LOCAL,
      method: "POST",
      headers: { "x-sign": "abc", "content-type": "application/json" },
      body: '{"a":1}',
    });
    expect([got.status, got.contentType, JSON.parse(got.bytes.toString())]).toEqual([
      400,
      "application/json",
      { got: '{"a":1}', sign: "abc" },
    ]);
  });

  it("keeps the address rule, the size cap and the deadline, and follows no redirect", async () => {
    expect((await refusal(guardedSend(`${base}/echo`, { ...quick, method: "POST" }))).reason).toBe("address");
    const big = await refusal(guardedSend(`${base}/big`, { ...quick, allow: LOCAL, method: "GET" }));
    expect(big.reason).toBe("too_large");
    const slow = await refusal(
      guardedSend(`${base}/silent`, { maxBytes: 1024, timeoutMs: 300, allow: LOCAL, method: "GET" }),
    );
    expect(slow.reason).toBe("timeout");
    const moved = await guardedSend(`${base}/redirect?to=%2Fhello`, { ...quick, allow: LOCAL, method: "GET" });
    expect(moved.status).toBe(302);
  });
});
