// Bad input gets a clear error and never crashes the process.
import { connect } from "node:net";
import { rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

test("malformed JSON → 400 with a clear message", async () => {
  const r = await rest(stack.url, "POST", "/api/v1/user/login", "{not json");
  expect(r.status).toBe(400);
  expect(r.json.code).toBe(3);
  expect(r.json.message).toMatch(/JSON/);
});

test("a JSON array or a wrongly typed field → 400", async () => {
  expect((await rest(stack.url, "POST", "/api/v1/user/login", "[1,2]")).status).toBe(400);
  const typed = await rest(stack.url, "POST", "/api/v1/user/login", { username: 42, password: {} });
  expect(typed.status).toBe(400);
  expect(typed.json.message).toMatch(/请求参数错误/);
  expect((await rest(stack.url, "GET", "/api/v1/user?id=abc")).status).toBe(400);
});

test("oversize body → 413", async () => {
  const r = await rest(stack.url, "POST", "/api/v1/user/login", {
    username: "x".repeat(2 * 1024 * 1024),
    password: "p",
  });
  expect(r.status).toBe(413);
  expect(r.json.code).toBe(8);
});

test("unknown API route → 404 JSON; known path with another verb → 405 JSON", async () => {
  const r = await rest(stack.url, "GET", "/api/v1/nonexistent");
  expect(r.status).toBe(404);
  expect(r.json).toMatchObject({ code: 5 });
  const v = await rest(stack.url, "PATCH", "/api/v1/user/login");
  expect(v.status).toBe(405);
  expect(v.json.code).toBe(12);
});

test("a batch of hostile requests: every answer is a 4xx/2xx JSON and the server stays up", async () => {
  const cases: Array<[string, string, string | undefined]> = [
    ["GET", "/api/v1/user?id=99999999999999999999999", undefined],
    ["GET", "/api/v1/user?id=1&id=2", undefined],
    ["GET", "/api/v1/user/list?page=-1&size=1e9", undefined],
    ["GET", "/api/v1/%E0%A4%A", undefined],
    ["GET", "/api/v1/../../etc/passwd", undefined],
    ["POST", "/api/v1/user/login", "\u0000\u0001\u0002"],
    ["POST", "/api/v1/user/login", '{"username":"\\ud800","password":"x"}'],
    ["POST", "/api/v1/user/login", "null"],
    ["POST", "/api/v1/user/login", '"string"'],
    ["POST", "/api/v1/user/login", "{".repeat(10000)],
    ["PUT", "/api/v1/user/password", '{"id":"not-a-number"}'],
    ["DELETE", "/api/v1/user/logout", "garbage"],
    ["GET", "/api/v1/document/list?status=abc", undefined],
    ["GET", "/api/v1/navigation/list?enable=maybe", undefined],
  ];
  for (const [method, path, body] of cases) {
    const r = await rest(stack.url, method, path, body);
    // 501 is the honest answer of RPCs whose slice is not built yet; nothing may be a server error.
    expect([500, 502, 503, 504]).not.toContain(r.status);
    expect(r.json).toHaveProperty("code");
  }
  // Raw sockets speaking nonsense (HTTP/1 garbage, a TLS hello, a broken HTTP/2 preface, a
  // truncated preface then EOF) are answered or closed at once; then a client that closes mid-request.
  for (const junk of [
    "THIS IS NOT HTTP\r\n\r\n",
    "\x16\x03\x01\x00\xa5\x01",
    "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\nxx",
    "PR",
  ]) {
    const answer = await new Promise<string>((resolve, reject) => {
      let out = "";
      const s = connect(stack.port, "127.0.0.1", () => s.end(junk));
      s.setTimeout(3_000, () => reject(new Error(`no answer to ${JSON.stringify(junk)}`)));
      s.on("data", (d) => {
        out += d.toString("latin1");
      });
      s.on("close", () => resolve(out));
      s.on("error", () => resolve(out));
    });
    if (junk.startsWith("T") || junk.startsWith("\x16")) expect(answer).toMatch(/^HTTP\/1\.1 400/);
  }
  await new Promise<void>((resolve) => {
    const s = connect(stack.port, "127.0.0.1", () => {
      s.write('POST /api/v1/user/login HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"user');
      s.destroy();
      resolve();
    });
  });
  const alive = await rest(stack.url, "GET", "/api/v1/user?id=1");
  expect(alive.status).toBe(200);
});

test("a number its proto enum does not declare → 400 naming the field (was a smallint overflow: 500)", async () => {
  for (const [path, field, value] of [
    ["/api/v1/user/list?status=32768", "status", 32768],
    ["/api/v1/document/list?status=-1", "status", -1],
    ["/api/v1/order/list?pay_method=2147483647", "pay_method", 2147483647],
    ["/api/v1/searchrecord/list?type=32768", "type", 32768],
  ] as const) {
    const r = await rest(stack.url, "GET", path);
    expect([r.status, r.json.code]).toEqual([400, 3]);
    expect(r.json.message).toMatch(new RegExp(`^参数 ${field} 的值 ${value} 无效，可选：0、1`));
  }
  // declared numbers (0 included: moredoc clients send it) still list
  expect((await rest(stack.url, "GET", "/api/v1/user/list?status=0&status=1")).status).toBe(200);
});

test("SPA paths fall back to the web app or say it is not built; never a crash", async () => {
  const r = await fetch(`${stack.url}/document/123`);
  expect([200, 404, 503]).toContain(r.status);
});

test("a multipart part header starting with a space (CVE-2022-24434, fatal under busboy 0.3) → 400, the site stays up", async () => {
  const body = '--X\r\n Content-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nhello\r\n--X--';
  for (const token of [undefined, "not-a-token"]) {
    const r = await fetch(`${stack.url}/api/v1/upload/document`, {
      method: "POST",
      headers: {
        "content-type": "multipart/form-data; boundary=X",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body,
    });
    expect(r.status).toBeLessThan(500);
    await r.arrayBuffer();
  }
  expect((await rest(stack.url, "GET", "/api/v1/settings")).status).toBe(200);
});

test("every answer carries nosniff, no-framing and a CSP; API answers load nothing", async () => {
  for (const path of ["/api/v1/settings", "/api/v1/nonexistent", "/view/cover/1", "/healthz"]) {
    const r = await fetch(stack.url + path);
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    expect(r.headers.get("x-frame-options")).toBe("DENY");
    expect(r.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(r.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    await r.arrayBuffer();
  }
});
