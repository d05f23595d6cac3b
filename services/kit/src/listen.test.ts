// One TCP port, two protocols: the first bytes of a connection pick HTTP/1.1 or cleartext HTTP/2.
import * as http from "node:http";
import * as http2 from "node:http2";
import * as net from "node:net";
import { waitFor } from "@wenku/testkit";
import {
  frameTypes,
  H2_EMPTY_SETTINGS,
  H2_PREFACE,
  percentile,
  type Trickle,
  trickle,
} from "../../../jest/slowclient.js";
import { type HttpHandler, type Listening, listenDual, peerAddress } from "./listen.js";

const HOST = "127.0.0.1";
const PREFACE = H2_PREFACE;
const EMPTY_SETTINGS = H2_EMPTY_SETTINGS;

/** Fails instead of hanging when `p` does not settle well before any server-side timeout would. */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<T>((_r, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** What the handler saw, echoed as JSON: protocol, method, path, body, peer address. */
const echo: HttpHandler = (req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const body = JSON.stringify({
      version: req.httpVersion,
      method: req.method,
      url: req.url,
      body: Buffer.concat(chunks).toString(),
      peer: peerAddress(req) ?? null,
    });
    res.writeHead(200, { "content-type": "application/json" });
    res.end(body);
  });
};

const servers: Listening[] = [];
async function serve(handler: HttpHandler = echo, headersTimeoutMs = 60_000): Promise<Listening> {
  const l = await listenDual(handler, { port: 0, host: HOST, headersTimeoutMs });
  servers.push(l);
  return l;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close(100)));
});

function h1(port: number, opts: http.RequestOptions & { body?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; json: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = http.request({ host: HOST, port, agent: false, ...opts }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, json: JSON.parse(text) }));
      });
      req.on("error", reject);
      req.end(opts.body);
    },
  );
}

function h2(session: http2.ClientHttp2Session, headers: http2.OutgoingHttpHeaders, body?: string) {
  return new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    const stream = session.request(headers);
    let status = 0;
    let text = "";
    stream.on("response", (h) => (status = Number(h[":status"])));
    stream.setEncoding("utf8");
    stream.on("data", (d) => (text += d));
    stream.on("end", () => resolve({ status, json: JSON.parse(text) }));
    stream.on("error", reject);
    stream.end(body);
  });
}

function h2session(port: number): Promise<http2.ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const s = http2.connect(`http://${HOST}:${port}`);
    s.once("connect", () => resolve(s));
    s.once("error", reject);
  });
}

/** Writes `parts` (pausing a tick between them), optionally half-closes, collects everything until close. */
function raw(port: number, parts: Array<string | Buffer>, opts: { end?: boolean } = {}) {
  return new Promise<{ data: Buffer; error?: string }>((resolve) => {
    const s = net.connect(port, HOST);
    const chunks: Buffer[] = [];
    let error: string | undefined;
    s.on("connect", async () => {
      for (const p of parts) {
        s.write(p);
        await new Promise((r) => setTimeout(r, 20));
      }
      if (opts.end) s.end();
    });
    s.on("data", (c) => chunks.push(c));
    s.on("error", (e: NodeJS.ErrnoException) => (error = e.code));
    s.on("close", () => resolve({ data: Buffer.concat(chunks), error }));
  });
}

describe("listenDual: both protocols on one port", () => {
  test("HTTP/1.1 GET and POST reach the handler", async () => {
    const l = await serve();
    const get = await h1(l.port, { path: "/a?b=1" });
    expect(get.status).toBe(200);
    expect(get.json).toMatchObject({ version: "1.1", method: "GET", url: "/a?b=1", body: "", peer: HOST });
    const post = await h1(l.port, { method: "POST", path: "/p", body: "hello" });
    expect(post.json).toMatchObject({ version: "1.1", method: "POST", body: "hello" });
  });

  test("cleartext HTTP/2 (prior knowledge) reaches the same handler, several streams on one session", async () => {
    const l = await serve();
    const session = await h2session(l.port);
    try {
      const [a, b] = await Promise.all([
        h2(session, { ":path": "/one" }),
        h2(session, { ":method": "POST", ":path": "/two" }, "x".repeat(100_000)),
      ]);
      expect(a).toMatchObject({ status: 200, json: { version: "2.0", method: "GET", url: "/one", body: "" } });
      expect(b.json).toMatchObject({ version: "2.0", method: "POST", url: "/two" });
      expect((b.json.body as string).length).toBe(100_000);
    } finally {
      session.close();
    }
  });

  test("HTTP/1.1 and HTTP/2 connections are served side by side", async () => {
    const l = await serve();
    const session = await h2session(l.port);
    try {
      const [one, two] = await Promise.all([h1(l.port, { path: "/h1" }), h2(session, { ":path": "/h2" })]);
      expect([one.json.version, two.json.version]).toEqual(["1.1", "2.0"]);
    } finally {
      session.close();
    }
  });

  test("an HTTP/1.1 request arriving in pieces, starting like the h2 preface ('P'), is still HTTP/1.1", async () => {
    const l = await serve();
    const { data } = await raw(l.port, [
      "P",
      "OST /split HTTP/1.1\r\nHost: x\r\nConnection: close\r\n",
      "Content-Length: 2\r\n\r\nok",
    ]);
    const text = data.toString();
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(text).toContain('"method":"POST","url":"/split","body":"ok"');
  });

  test("the h2 preface split across packets is still recognised as HTTP/2", async () => {
    const l = await serve();
    const { data } = await raw(
      l.port,
      [PREFACE.slice(0, 5), PREFACE.slice(5, 12), Buffer.concat([Buffer.from(PREFACE.slice(12)), EMPTY_SETTINGS])],
      {
        end: true,
      },
    );
    expect(frameTypes(data)[0]).toBe(0x4); // the server's SETTINGS
  });

  // BUG (listen.ts:59, duplexOver at listen.ts:94-118): HTTP/2 sessions run over a JS Duplex that has no
  // remoteAddress, so h2c requests see req.socket.remoteAddress === undefined. The gateway resolves the
  // client IP from it (gateway/src/server.ts:39), so every h2c client gets client IP "" and a trusted
  // proxy speaking h2c never has its X-Forwarded-For honoured. Expected: the peer's address, as for HTTP/1.1.
  test("HTTP/2 requests see the peer's address like HTTP/1.1 ones", async () => {
    const l = await serve();
    const session = await h2session(l.port);
    try {
      expect((await h2(session, { ":path": "/" })).json.peer).toBe(HOST);
    } finally {
      session.close();
    }
  });
  test("an h2c session runs on the TCP socket itself (no JS stream between): req.socket has the peer's address", async () => {
    const l = await serve((req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ socketPeer: req.socket?.remoteAddress ?? null }));
    });
    const session = await h2session(l.port);
    try {
      const answers = await Promise.all([h2(session, { ":path": "/a" }), h2(session, { ":path": "/b" })]);
      expect(answers.map((a) => a.json.socketPeer)).toEqual([HOST, HOST]);
    } finally {
      session.close();
    }
  });
});

describe("listenDual: junk and broken clients", () => {
  test("a client that never finishes its HTTP/1.1 headers (slowloris) is cut off after headersTimeoutMs", async () => {
    const l = await serve(echo, 1_000);
    const { data } = await within(raw(l.port, ["GET / HTTP/1.1\r\nHost: x\r\n"]), 8_000, "close after headers timeout");
    expect(data.toString()).toMatch(/^HTTP\/1\.1 408/);
  });

  test("a line that is not HTTP → 400 Bad Request, then the server closes", async () => {
    const l = await serve();
    const { data } = await within(raw(l.port, ["THIS IS NOT HTTP\r\n\r\n"]), 5_000, "close after junk");
    expect(data.toString()).toBe("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
  });

  test("a TLS ClientHello prefix (https to a cleartext port) → 400, then close", async () => {
    const l = await serve();
    const hello = Buffer.from("16030100c4010000c00303", "hex");
    const { data } = await within(raw(l.port, [hello]), 5_000, "close after ClientHello");
    expect(data.toString()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  });

  test("'PR' then FIN (undecided protocol, client gone) → closed without an answer, not left for the timeout", async () => {
    const l = await serve(echo, 60_000);
    const { data } = await within(raw(l.port, ["PR"], { end: true }), 5_000, "close after PR+FIN");
    expect(data.length).toBe(0);
  });

  test("'PR' and silence → closed by the first-bytes timeout", async () => {
    const l = await serve(echo, 300);
    const { data } = await within(raw(l.port, ["PR"]), 10_000, "close after silence");
    expect(data.length).toBe(0);
  });

  test("a connection that never sends a byte → closed by the first-bytes timeout", async () => {
    const l = await serve(echo, 300);
    const { data } = await within(raw(l.port, []), 10_000, "close of a silent connection");
    expect(data.length).toBe(0);
  });

  test("a broken h2 preface (right first line, wrong rest) → SETTINGS then GOAWAY, then close", async () => {
    const l = await serve();
    const { data } = await within(raw(l.port, ["PRI * HTTP/2.0\r\n\r\nXX\r\n\r\n"]), 5_000, "close after bad preface");
    const types = frameTypes(data);
    expect(types).toContain(0x7); // GOAWAY
    expect(types.at(-1)).toBe(0x7);
  });

  test("h2c slowloris: a HEADERS frame sent in part, then a byte now and then → the session is closed after headersTimeoutMs", async () => {
    const l = await listenDual(echo, { port: 0, host: HOST, headersTimeoutMs: 500 });
    servers.push(l);
    // HEADERS (type 1) on stream 1 declaring 64 bytes of header block, of which only some ever arrive
    const head = Buffer.from("000040010400000001", "hex");
    const started = Date.now();
    const closed = new Promise<number>((resolve) => {
      const s = net.connect(l.port, HOST, () => {
        s.write(PREFACE);
        s.write(EMPTY_SETTINGS);
        s.write(head);
        const drip = setInterval(() => s.write(Buffer.from([0x82])), 100);
        s.on("close", () => {
          clearInterval(drip);
          resolve(Date.now() - started);
        });
      });
      s.on("error", () => {});
      s.on("data", () => {});
    });
    expect(await within(closed, 8_000, "close of a half-sent HEADERS session")).toBeGreaterThanOrEqual(400);
  });

  test("an h2c session left without streams is closed after h2IdleTimeoutMs; a stalled stream is reset", async () => {
    const l = await listenDual(() => {}, { port: 0, host: HOST, h2IdleTimeoutMs: 300, stallTimeoutMs: 300 });
    servers.push(l);
    const session = http2.connect(`http://${HOST}:${l.port}`);
    session.on("error", () => {});
    // the handler never answers and the client never ends its body: the stream stalls
    const stream = session.request({ ":method": "POST", ":path": "/stall" });
    stream.on("error", () => {});
    stream.write("partial");
    const code = await within(
      new Promise<number>((resolve) => stream.on("close", () => resolve(stream.rstCode ?? -1))),
      8_000,
      "reset of a stalled stream",
    );
    expect(code).toBe(http2.constants.NGHTTP2_CANCEL);
    await within(new Promise((resolve) => session.on("close", resolve)), 8_000, "close of an idle session");
  });

  test("the server keeps serving after junk", async () => {
    const l = await serve();
    await raw(l.port, ["\u0000\u0001\u0002garbage\r\n\r\n"]);
    await raw(l.port, ["PRI * HTTP/2.0\r\n\r\nnope"], { end: true });
    expect((await h1(l.port, { path: "/still" })).status).toBe(200);
  });
});

/** A server that holds each request until the test releases it (then answers {done: true}). */
async function holdingServer() {
  let release: () => void = () => {};
  let started: () => void = () => {};
  const isStarted = new Promise<void>((r) => (started = r));
  const l = await serve((_req, res) => {
    started();
    release = () => res.end(JSON.stringify({ done: true }));
  });
  return { l, isStarted, release: () => release() };
}

describe("listenDual: close(grace)", () => {
  test("stops accepting new connections", async () => {
    const l = await listenDual(echo, { port: 0, host: HOST });
    await l.close(1_000);
    await expect(h1(l.port)).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  test("an in-flight HTTP/1.1 request finishes; close resolves only after it", async () => {
    const { l, isStarted, release } = await holdingServer();
    const response = h1(l.port, { path: "/slow" });
    await isStarted;
    let closed = false;
    const closing = l.close(60_000).then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(false);
    release();
    expect(await response).toMatchObject({ status: 200, json: { done: true } });
    await within(closing, 5_000, "close after the in-flight request");
  });

  test("an in-flight HTTP/2 stream finishes; the idle session is then ended", async () => {
    const { l, isStarted, release } = await holdingServer();
    const session = await h2session(l.port);
    const sessionClosed = new Promise<void>((r) => session.once("close", () => r()));
    const response = h2(session, { ":path": "/slow" });
    await isStarted;
    const closing = l.close(60_000);
    release();
    expect(await response).toMatchObject({ status: 200, json: { done: true } });
    await within(Promise.all([closing, sessionClosed]), 5_000, "h2 close after the in-flight stream");
  });

  test("requests still unanswered when the grace period ends are cut off", async () => {
    let arrived = 0;
    const l = await listenDual(() => void arrived++, { port: 0, host: HOST });
    const session = await h2session(l.port);
    session.on("error", () => {});
    const stuck1 = h1(l.port, { path: "/never" }).then(
      () => "answered",
      (e: NodeJS.ErrnoException) => e.code,
    );
    const stream = session.request({ ":path": "/never" });
    const stuck2 = new Promise<string>((r) => {
      stream.on("close", () => r(`closed ${stream.rstCode}`));
      stream.on("error", () => {});
    });
    stream.end();
    await waitFor(() => arrived === 2, 5_000, "both requests reached the server");
    await within(l.close(200), 5_000, "close after grace");
    expect(await stuck1).toBe("ECONNRESET");
    expect(await stuck2).toMatch(/^closed /);
  });

  test("an idle HTTP/2 session is ended by close", async () => {
    const l = await serve();
    const session = await h2session(l.port);
    await h2(session, { ":path": "/" });
    const sessionClosed = new Promise<void>((r) => session.once("close", () => r()));
    await within(Promise.all([l.close(60_000), sessionClosed]), 5_000, "close of an idle h2 session");
  });

  // BUG (listen.ts:77): h1.closeIdleConnections() does nothing. Node's http.Server only starts tracking
  // its connections (setupConnectionsTracking, which closeIdleConnections and the headersTimeout /
  // requestTimeout checks rely on) on its own 'listening' event, and h1 never listens — connections
  // are handed to it with emit("connection"). So an idle keep-alive connection is not ended: close()
  // waits until keepAliveTimeout (5 s + 1 s) ends it or the grace timer destroys it. Expected: ended
  // at once. (Same root cause: headersTimeoutMs is not enforced on HTTP/1.1 connections once the first
  // bytes arrived — a client sending "GET / HTTP/1.1\r\nHost: x\r\n" and nothing more stays open
  // indefinitely; observed open after 40 s with headersTimeoutMs 1000.)
  test("an idle HTTP/1.1 keep-alive connection is ended by close at once", async () => {
    const l = await serve();
    const agent = new http.Agent({ keepAlive: true });
    try {
      await h1(l.port, { agent, path: "/" });
      await within(l.close(60_000), 2_000, "close with an idle keep-alive connection");
    } finally {
      agent.destroy();
    }
  });
});

// Issue #22 item 2: a body trickled a byte every few seconds held an HTTP/1.1 or h2c request (and its
// socket) for minutes (requestTimeout was 0; the stall timeout fires only on total silence), and one address
// could hold a thousand such connections.
describe("listenDual: slow requests do not hold sockets", () => {
  const SLOW = "127.0.0.2"; // another loopback address: the slow clients' peer, capped apart from HOST

  test.each(["h1", "h2"] as const)(
    "%s: an ordinary request whose body trickles is cut at requestTimeoutMs (HTTP/1.1: 408)",
    async (proto) => {
      const l = await listenDual(echo, { port: 0, host: HOST, requestTimeoutMs: 800 });
      servers.push(l);
      const t = trickle(l.port, proto, { every: 100 });
      const ms = await within(t.ended, 8_000, "cut of a trickled body");
      t.stop();
      console.log(`${proto}: a body trickled 1 byte/100 ms was cut after ${ms} ms (requestTimeoutMs 800)`);
      expect(ms).toBeGreaterThanOrEqual(700);
      if (proto === "h1") expect(t.data().toString()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      else expect(frameTypes(t.data())).toContain(0x3); // RST_STREAM
      expect((await h1(l.port, { path: "/after" })).status).toBe(200);
    },
  );

  test("a request sent in full is not cut, however long its handler takes and whether or not it reads", async () => {
    const l = await listenDual((_req, res) => void setTimeout(() => res.end('{"late":true}'), 1_200), {
      port: 0,
      host: HOST,
      requestTimeoutMs: 300,
      isUpload: (req) => req.url === "/upload",
      uploadRate: { minBytes: 1_000, windowMs: 200, graceMs: 200 },
    });
    servers.push(l);
    const session = await h2session(l.port);
    try {
      const all = Promise.all([
        h1(l.port, { path: "/get" }),
        h1(l.port, { method: "POST", path: "/post", body: "unread" }),
        h2(session, { ":path": "/get" }),
        h2(session, { ":method": "POST", ":path": "/post" }, "unread"),
        h2(session, { ":method": "POST", ":path": "/upload" }, "unread"),
      ]);
      const replies = await within(all, 8_000, "answers after the deadline");
      expect(replies.map((r) => r.json)).toEqual(Array(5).fill({ late: true }));
    } finally {
      session.close();
    }
  });

  const rate = { minBytes: 1_000, windowMs: 800, graceMs: 800 };
  const uploads = (req: { url?: string }) => req.url === "/upload";

  test.each(["h1", "h2"] as const)(
    "%s: an upload is not bound by the deadline but by a minimum rate: a trickle is cut, a slow honest one completes",
    async (proto) => {
      const l = await listenDual(echo, {
        port: 0,
        host: HOST,
        requestTimeoutMs: 500,
        isUpload: uploads,
        uploadRate: rate,
      });
      servers.push(l);
      const slow = trickle(l.port, proto, { path: "/upload", every: 100, bytes: 1 }); // 10 B/s
      // 2,000 B/s for 2.5 s: five times the deadline, twice the minimum rate.
      const honest = trickle(l.port, proto, { path: "/upload", every: 100, bytes: 200 });
      const ms = await within(slow.ended, 8_000, "cut of a trickled upload");
      console.log(`${proto}: an upload trickled at 10 B/s was cut after ${ms} ms (min 1000 B/800 ms, grace 800 ms)`);
      expect(ms).toBeGreaterThanOrEqual(700);
      await new Promise((r) => setTimeout(r, 2_500 - ms));
      const open = honest.open();
      honest.stop();
      expect(open).toBe(true);
    },
  );

  test("an upload whose handler does not read (backpressure on the server side) is not cut", async () => {
    const l = await listenDual(() => {}, { port: 0, host: HOST, isUpload: uploads, uploadRate: rate });
    servers.push(l);
    const session = await h2session(l.port);
    session.on("error", () => {});
    const stream = session.request({ ":method": "POST", ":path": "/upload" });
    stream.on("error", () => {});
    stream.write(Buffer.alloc(256 * 1024)); // fills the server's buffers; the handler never reads
    const closed = new Promise((r) => stream.on("close", () => r("closed")));
    expect(await Promise.race([closed, new Promise((r) => setTimeout(() => r("open"), 2_500))])).toBe("open");
    session.destroy();
  });

  test("hundreds of slow connections from one address: the cap refuses the rest, another client stays fast", async () => {
    const cap = 50;
    const l = await listenDual(echo, { port: 0, host: HOST, maxConnectionsPerAddress: cap, requestTimeoutMs: 60_000 });
    servers.push(l);
    const slow: Trickle[] = [];
    for (let i = 0; i < 400; i++)
      slow.push(trickle(l.port, i % 2 ? "h2" : "h1", { host: HOST, every: 1_000, from: SLOW }));
    try {
      const latencies: number[] = [];
      const session = await h2session(l.port);
      try {
        for (let i = 0; i < 40; i++) {
          const t0 = performance.now();
          if (i % 2) expect((await h2(session, { ":path": "/fast" })).status).toBe(200);
          else expect((await h1(l.port, { path: "/fast" })).status).toBe(200);
          latencies.push(performance.now() - t0);
        }
      } finally {
        session.close();
      }
      await new Promise((r) => setTimeout(r, 1_500)); // refused sockets are closed within 1 s
      const refused = slow.filter((t) => t.data().toString().startsWith("HTTP/1.1 503 Service Unavailable\r\n"));
      const held = slow.filter((t) => t.open()).length;
      const p50 = percentile(latencies, 0.5).toFixed(1);
      const max = Math.max(...latencies).toFixed(1);
      console.log(
        `slow connections from one address: ${slow.length} opened, ${held} held, ${refused.length} refused (503); ` +
          `fast client meanwhile: p50 ${p50} ms, max ${max} ms over ${latencies.length} requests`,
      );
      expect(held).toBe(cap);
      expect(refused.length).toBe(slow.length - cap);
      expect(refused[0]?.data().toString()).toMatch(/\r\nRetry-After: \d+\r\n/);
      expect(Math.max(...latencies)).toBeLessThan(2_000); // the flood and this client share one process
    } finally {
      for (const t of slow) t.stop();
    }
  }, 30_000);

  test("the cap does not apply to uncapped peers (a trusted proxy)", async () => {
    const l = await listenDual(echo, { port: 0, host: HOST, maxConnectionsPerAddress: 2, uncapped: (a) => a === HOST });
    servers.push(l);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    try {
      const replies = await Promise.all(Array.from({ length: 6 }, () => h1(l.port, { agent, path: "/" })));
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    } finally {
      agent.destroy();
    }
  });
});
