// The static handler over real HTTP on a built-like directory: precompressed variants, caching
// headers, conditional requests, ranges, HEAD, the route table's 404s and path confinement.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { APP_CSP } from "../security.js";
import { createStaticHandler } from "./handler.js";

const INDEX = "<!doctype html><html><head><title>文库</title></head><body><div id=root></div></body></html>";
const APP_JS = `export const greeting = "${"你好 wenku ".repeat(400)}";\n`;
const BIG = Buffer.alloc(8 * 1024 * 1024, "x");

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let base: string;
let dist: string;
let server: http.Server;
let port: number;

/** One request with exactly these headers and this raw path (no client-side normalization). */
function request(path: string, headers: http.OutgoingHttpHeaders = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "wenku-static-"));
  dist = join(base, "dist");
  await mkdir(join(dist, "assets"), { recursive: true });
  await writeFile(join(base, "secret.txt"), "TOP SECRET");
  const files: Record<string, string | Buffer> = {
    "index.html": INDEX,
    "index.html.br": brotliCompressSync(INDEX),
    "index.html.gz": gzipSync(INDEX),
    "robots.txt": "User-agent: *\nDisallow: /admin\n",
    ".env": "SECRET=1",
    "routes.json": JSON.stringify({ routes: ["/", "/document/:id?", "/category/:id", "/admin/user/list"] }),
    "assets/app-abc123.js": APP_JS,
    "assets/app-abc123.js.br": brotliCompressSync(APP_JS),
    "assets/app-abc123.js.gz": gzipSync(APP_JS),
    "assets/logo-ff00.png": Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    "assets/big-0001.bin": BIG,
  };
  for (const [name, body] of Object.entries(files)) await writeFile(join(dist, name), body);
  await mkdir(join(dist, "assets/dir-0001.js"));
  const handler = createStaticHandler(dist, {
    // The content service's answer, decided by the path (probe.test.ts tests the real probe).
    probe: async (path) => path !== "/document/404",
  });
  server = http.createServer((req, res) => {
    const raw = (req.url ?? "/").split("?")[0] as string;
    handler(req, res, raw).catch((err) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await rm(base, { recursive: true, force: true });
});

describe("hashed assets", () => {
  test("brotli when accepted, with the immutable cache, Vary and the security headers", async () => {
    const a = await request("/assets/app-abc123.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(a.status).toBe(200);
    expect(a.headers["content-encoding"]).toBe("br");
    expect(a.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(a.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(a.headers.vary).toBe("Accept-Encoding");
    expect(Number(a.headers["content-length"])).toBe(a.body.length);
    expect(brotliDecompressSync(a.body).toString()).toBe(APP_JS);
    expect(a.headers["content-security-policy"]).toBe(APP_CSP);
    expect(a.headers["x-content-type-options"]).toBe("nosniff");
    expect(a.headers["x-frame-options"]).toBe("DENY");
  });

  test("gzip when only gzip is accepted; the file itself without Accept-Encoding or with br;q=0", async () => {
    const gz = await request("/assets/app-abc123.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(APP_JS);
    for (const headers of [{}, { "accept-encoding": "identity" }, { "accept-encoding": "br;q=0" }]) {
      const plain = await request("/assets/app-abc123.js", headers);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.toString()).toBe(APP_JS);
      expect(plain.headers.vary).toBe("Accept-Encoding");
    }
  });

  test("ETag per variant; If-None-Match answers 304 without a body", async () => {
    const br = await request("/assets/app-abc123.js", { "accept-encoding": "br" });
    const plain = await request("/assets/app-abc123.js");
    expect(br.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+-br"$/);
    expect(plain.headers.etag).not.toBe(br.headers.etag);
    const again = await request("/assets/app-abc123.js", {
      "accept-encoding": "br",
      "if-none-match": br.headers.etag as string,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(again.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // the identity tag does not validate the brotli answer
    const other = await request("/assets/app-abc123.js", {
      "accept-encoding": "br",
      "if-none-match": plain.headers.etag as string,
    });
    expect(other.status).toBe(200);
    const since = await request("/assets/app-abc123.js", {
      "if-modified-since": plain.headers["last-modified"] as string,
    });
    expect(since.status).toBe(304);
  });

  test("HEAD: the GET headers, no body", async () => {
    const h = await request("/assets/app-abc123.js", { "accept-encoding": "br" }, "HEAD");
    expect(h.status).toBe(200);
    expect(h.body.length).toBe(0);
    expect(h.headers["content-encoding"]).toBe("br");
    expect(Number(h.headers["content-length"])).toBe(brotliCompressSync(APP_JS).length);
  });

  test("Range: 206 of the file itself (never of a compressed variant); 416 beyond the end", async () => {
    const size = Buffer.byteLength(APP_JS);
    const r = await request("/assets/app-abc123.js", { range: "bytes=7-12", "accept-encoding": "br, gzip" });
    expect(r.status).toBe(206);
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(r.headers["content-range"]).toBe(`bytes 7-12/${size}`);
    expect(r.body.toString()).toBe(Buffer.from(APP_JS).subarray(7, 13).toString());
    const tail = await request("/assets/app-abc123.js", { range: "bytes=-4" });
    expect(tail.body.toString()).toBe(
      Buffer.from(APP_JS)
        .subarray(size - 4)
        .toString(),
    );
    const beyond = await request("/assets/app-abc123.js", { range: `bytes=${size}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${size}`);
    const stale = await request("/assets/app-abc123.js", { range: "bytes=0-3", "if-range": '"old"' });
    expect(stale.status).toBe(200);
    expect(stale.body.toString()).toBe(APP_JS);
    const current = await request("/assets/app-abc123.js", {
      range: "bytes=0-3",
      "if-range": r.headers.etag as string,
    });
    expect(current.status).toBe(206);
    expect(current.body.toString()).toBe(APP_JS.slice(0, 4));
    // several ranges: the whole file, as the RFC allows (no multipart answers)
    const several = await request("/assets/app-abc123.js", { range: "bytes=0-1,5-6" });
    expect(several.status).toBe(200);
    expect(several.body.toString()).toBe(APP_JS);
  });

  test("a missing asset is a plain 404, never the app page", async () => {
    const a = await request("/assets/gone-000.js", { "accept-encoding": "br" });
    expect(a.status).toBe(404);
    expect(a.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(a.body.toString()).not.toContain("<html");
  });

  test("files without precompressed variants are sent as they are", async () => {
    const a = await request("/assets/logo-ff00.png", { "accept-encoding": "br" });
    expect(a.status).toBe(200);
    expect(a.headers["content-type"]).toBe("image/png");
    expect(a.headers["content-encoding"]).toBeUndefined();
  });
});

describe("pages", () => {
  test("a route answers 200 with index.html, revalidated (no-cache), compressed when accepted", async () => {
    for (const path of ["/", "/document/5", "/category/3", "/admin/user/list", "/index.html"]) {
      const a = await request(path, { "accept-encoding": "gzip" });
      expect([path, a.status]).toEqual([path, 200]);
      expect(a.headers["cache-control"]).toBe("no-cache");
      expect(a.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(gunzipSync(a.body).toString()).toBe(INDEX);
      expect(a.headers["content-security-policy"]).toBe(APP_CSP);
    }
  });

  test("an unknown path or a missing document answers 404 with the app page", async () => {
    for (const path of ["/no/such/page", "/admin/nope", "/document/404", "/wp-login.php", "/.env"]) {
      const a = await request(path);
      expect([path, a.status]).toEqual([path, 404]);
      expect(a.body.toString()).toBe(INDEX);
      expect(a.headers["cache-control"]).toBe("no-cache");
      expect(a.headers.etag).toBeUndefined();
    }
    // the not-found page has no validator: a revalidation or a range still gets the whole 404
    const index = await request("/");
    const conditional = await request("/no/such/page", {
      "if-none-match": index.headers.etag as string,
      "if-modified-since": index.headers["last-modified"] as string,
      range: "bytes=0-3",
    });
    expect(conditional.status).toBe(404);
    expect(conditional.body.toString()).toBe(INDEX);
    const head = await request("/no/such/page", {}, "HEAD");
    expect(head.status).toBe(404);
    expect(head.body.length).toBe(0);
  });

  test("robots.txt is a file", async () => {
    const a = await request("/robots.txt");
    expect(a.status).toBe(200);
    expect(a.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(a.body.toString()).toContain("Disallow: /admin");
  });
});

describe("paths never leave the directory", () => {
  test.each([
    "/../secret.txt",
    "/%2e%2e/secret.txt",
    "/..%2fsecret.txt",
    "/assets/..%2f..%2fsecret.txt",
    "/assets/%2e%2e/%2e%2e/secret.txt",
    "/..%5csecret.txt",
    "/%00/secret.txt",
  ])("%s", async (path) => {
    const a = await request(path);
    expect(a.body.toString()).not.toContain("TOP SECRET");
    expect([400, 404]).toContain(a.status);
  });

  test("a directory is never served, even one named like a file", async () => {
    const a = await request("/assets/dir-0001.js");
    expect(a.status).toBe(404);
    expect(a.body.toString()).not.toContain("<html");
  });

  test("a malformed escape is a 400", async () => {
    const a = await request("/%E0%A4%A");
    expect(a.status).toBe(400);
  });
});

test("a client that leaves mid-answer does not hurt the server", async () => {
  let received = 0;
  await new Promise<void>((resolve) => {
    const req = http.request({ host: "127.0.0.1", port, path: "/assets/big-0001.bin" }, (res) => {
      res.once("data", (chunk: Buffer) => {
        received = chunk.length;
        req.destroy();
      });
    });
    req.on("error", () => undefined);
    req.on("close", resolve);
    req.end();
  });
  expect(received).toBeGreaterThan(0);
  expect(received).toBeLessThan(BIG.length);
  const a = await request("/assets/app-abc123.js");
  expect(a.status).toBe(200);
});

test("without a built app: 503 with how to build it", async () => {
  const empty = await mkdtemp(join(tmpdir(), "wenku-static-empty-"));
  try {
    const handler = createStaticHandler(empty);
    const s = http.createServer((req, res) => void handler(req, res, req.url ?? "/"));
    await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
    const res = await fetch(`http://127.0.0.1:${(s.address() as AddressInfo).port}/`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("npm run build -w web");
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  } finally {
    await rm(empty, { recursive: true, force: true });
  }
});
