import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, expect, it } from "@jest/globals";
import { parseAllowHosts } from "./allow.js";
import { FetchRefused } from "./fetch.js";
import { guardedOpen } from "./open.js";

let server: Server;
let base: string;
const LOCAL = parseAllowHosts("127.0.0.1").entries;
const quick = { maxBytes: 1024, timeoutMs: 2_000, allow: LOCAL };
const arrivals: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? "/";
    arrivals.push(path);
    if (path === "/etag") {
      if (req.headers["if-none-match"] === '"v1"') return void res.writeHead(304).end();
      return void res.writeHead(200, { etag: '"v1"', "content-type": "text/html; charset=utf-8" }).end("<p>hi</p>");
    }
    if (path === "/busy") return void res.writeHead(429, { "retry-after": "3" }).end("slow down");
    if (path === "/to-busy") return void res.writeHead(302, { location: "/busy" }).end();
    if (path === "/to-private") return void res.writeHead(302, { location: "http://10.0.0.1/x" }).end();
    if (path === "/declared-big") return void res.writeHead(200, { "content-length": "4096" }).end(Buffer.alloc(4096));
    if (path === "/stream-big") {
      res.writeHead(200, { "transfer-encoding": "chunked" });
      const timer = setInterval(() => res.write(Buffer.alloc(512, 2)), 5);
      res.on("close", () => clearInterval(timer));
      return;
    }
    res.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "resolved",
    (e: unknown) => (e instanceof FetchRefused ? e.reason : String(e)),
  );

it("answers any status with its headers, and a conditional request gets its 304", async () => {
  const first = await guardedOpen(`${base}/etag`, quick);
  expect([first.status, first.contentType, first.headers.etag]).toEqual([200, "text/html", '"v1"']);
  expect(await text(first.body)).toBe("<p>hi</p>");
  const again = await guardedOpen(`${base}/etag`, { ...quick, headers: { "if-none-match": '"v1"' } });
  again.close();
  expect(again.status).toBe(304);
  const busy = await guardedOpen(`${base}/to-busy`, quick);
  busy.close();
  expect([busy.status, busy.headers["retry-after"], busy.url]).toEqual([429, "3", `${base}/busy`]);
});

it("cuts a body past maxBytes, declared or streamed", async () => {
  expect(await refusal(guardedOpen(`${base}/declared-big`, quick))).toBe("too_large");
  const open = await guardedOpen(`${base}/stream-big`, quick);
  expect(await refusal(text(open.body))).toBe("too_large");
});

it("checks every redirect, and without an allow entry never connects to loopback", async () => {
  expect(await refusal(guardedOpen(`${base}/to-private`, quick))).toBe("address");
  const before = arrivals.length;
  expect(await refusal(guardedOpen(`${base}/etag`, { ...quick, allow: [] }))).toBe("address");
  expect(await refusal(guardedOpen(`http://localhost:${new URL(base).port}/etag`, { ...quick, allow: [] }))).toBe(
    "address",
  );
  expect(arrivals.length).toBe(before);
});
