// The gateway's copy of visitors' public page images against the content service's contract (a router
// transport whose answers each test sets, counting the calls): what is kept, for whom, and what drops it.
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createRouterTransport } from "@connectrpc/connect";
import { createLogger, type Deployable } from "@wenku/kit";
import { FileChunkSchema } from "@wenku/proto/api/v1/attachment_pb.js";
import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { createGateway } from "../server.js";
import { createPageCache } from "./pages.cache.js";

const PUBLIC = "public, max-age=3600";

/** The content service's page RPC: one page per document id, as `state` says at the time of the call. */
function contentService() {
  const state = {
    calls: 0,
    /** Visible to visitors (else NotFound, as for a hidden or deleted document). */
    visible: true,
    cacheControl: PUBLIC,
    version: 1,
    /** Bytes sent after the metadata instead of with it (a page larger than one message). */
    streamed: false,
    /** Resolves before the answer is sent (a slow answer). */
    hold: null as Promise<void> | null,
    auth: [] as (string | null)[],
  };
  const body = (gzip: boolean) => {
    const svg = Buffer.from(`<svg>v${state.version}</svg>`);
    return gzip ? gzipSync(svg) : svg;
  };
  const transport = createRouterTransport(({ service }) => {
    service(DocumentAPI, {
      async *viewDocumentPage(req, ctx) {
        state.calls++;
        state.auth.push(ctx.requestHeader.get("authorization"));
        if (state.hold) await state.hold;
        if (!state.visible || req.page > 2) throw new ConnectError("页面不存在", Code.NotFound);
        const etag = `"v${state.version}-${req.id}-${req.page}-${req.gzip}-${req.text}"`;
        const cacheControl = state.cacheControl;
        if (req.ifNoneMatch === etag) {
          yield create(FileChunkSchema, { notModified: true, etag, cacheControl });
          return;
        }
        // text layers: page 1 has one, page 2 was converted before them (size 0)
        const data = req.text ? Buffer.from(req.page === 1 ? `{"v":${state.version}}` : "") : body(req.gzip);
        const meta = {
          contentType: req.text ? "application/json" : req.page === 0 ? "image/png" : "image/svg+xml",
          etag,
          cacheControl,
          size: BigInt(data.length),
          contentEncoding: req.gzip ? "gzip" : "",
        };
        if (!state.streamed) {
          yield create(FileChunkSchema, { ...meta, data });
          return;
        }
        yield create(FileChunkSchema, meta);
        yield create(FileChunkSchema, { data });
      },
    });
  });
  return { transport, state, body };
}

type Answer = { status: number; headers: Record<string, string>; body: string };

async function startSite(opts: { events?: boolean } = {}) {
  const content = contentService();
  const listeners = { documents: [] as (() => void)[], config: [] as (() => void)[] };
  const t = content.transport;
  // every deployable answered by the one stand-in (the type names them all)
  const transports: Record<Deployable, typeof t> = {
    user: t,
    content: t,
    order: t,
    config: t,
    spider: t,
    converter: t,
  };
  const gateway = createGateway({
    transports,
    log: createLogger({ service: "test", level: "silent" }),
    internalToken: "t".repeat(32),
    trustedProxies: [],
    maxBodyBytes: 1024 * 1024,
    ...(opts.events === false
      ? {}
      : {
          onDocumentsChanged: (l: () => void) => listeners.documents.push(l),
          onConfigChanged: (l: () => void) => listeners.config.push(l),
        }),
  });
  const server = http.createServer(gateway.handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> => {
    const res = await fetch(base + path, { method, headers: { "accept-encoding": "gzip", ...headers } });
    const h = Object.fromEntries(res.headers);
    delete h.date;
    delete h["x-request-id"];
    delete h["keep-alive"];
    delete h.connection;
    return { status: res.status, headers: h, body: Buffer.from(await res.arrayBuffer()).toString("latin1") };
  };
  const changed = (kind: "documents" | "config") => {
    for (const l of listeners[kind]) l();
  };
  return { ...content, get, changed, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let site: Awaited<ReturnType<typeof startSite>>;
afterEach(async () => {
  await site?.close();
});

describe("a visitor's public page", () => {
  test("is asked for once: the next visitors get the same 200, HEAD and 304 from the gateway's copy", async () => {
    site = await startSite();
    const first = await site.get("/view/page/7/1.svg");
    expect([first.status, site.state.calls]).toEqual([200, 1]);
    expect(first.headers["cache-control"]).toBe(PUBLIC);
    expect(await site.get("/view/page/7/1.svg")).toEqual(first);
    const head = await site.get("/view/page/7/1.svg", {}, "HEAD");
    expect([head.status, head.headers, head.body]).toEqual([200, first.headers, ""]);
    const etag = first.headers.etag as string;
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const res = await site.get("/view/page/7/1.svg", { "if-none-match": inm });
      expect([inm, res.status, res.headers.etag, res.body]).toEqual([inm, 304, etag, ""]);
    }
    expect((await site.get("/view/page/7/1.svg", { "if-none-match": '"other"' })).status).toBe(200);
    expect(site.state.calls).toBe(1);
  });

  test("a 304 from the copy carries what the content service's 304 does (ETag, Cache-Control, Vary)", async () => {
    site = await startSite();
    // a signed-in reader's answer is not kept: the visitor's revalidation after it is the RPC's own 304
    const signedIn = await site.get("/view/page/7/1.gzip.svg", { authorization: "Bearer x" });
    const inm = { "if-none-match": signedIn.headers.etag as string };
    const asked = await site.get("/view/page/7/1.gzip.svg", inm);
    const kept = await site.get("/view/page/7/1.gzip.svg", inm);
    expect(site.state.calls).toBe(2);
    expect(asked.status).toBe(304);
    expect(kept).toEqual(asked);
    expect(asked.headers).toMatchObject({
      etag: inm["if-none-match"],
      "cache-control": PUBLIC,
      vary: "Accept-Encoding",
    });
  });

  test("each variant and page is kept apart: gzip, plain SVG for a client refusing gzip, .svg, the cover", async () => {
    site = await startSite();
    const paths: Array<[string, Record<string, string>]> = [
      ["/view/page/7/1.gzip.svg", {}],
      ["/view/page/7/1.gzip.svg", { "accept-encoding": "identity" }],
      ["/view/page/7/1.svg", {}],
      ["/view/page/7/2.svg", {}],
      ["/view/page/8/1.svg", {}],
      ["/view/cover/7", {}],
    ];
    const first = [];
    for (const [path, h] of paths) first.push(await site.get(path, h));
    expect(site.state.calls).toBe(paths.length);
    // the plain SVG is one object whichever path named it, but only the .gzip.svg answer varies on the coding
    expect(new Set(first.map((a) => a.headers.etag)).size).toBe(paths.length - 1);
    expect([first[1]?.headers.vary, first[2]?.headers.vary]).toEqual(["Accept-Encoding", undefined]);
    for (const [i, [path, h]] of paths.entries()) expect(await site.get(path, h)).toEqual(first[i]);
    expect(site.state.calls).toBe(paths.length);
    expect(first[1]?.headers["content-encoding"]).toBeUndefined();
    expect(first[0]?.headers["content-encoding"]).toBe("gzip");
  });

  test("a text layer, and a page's lack of one (204), are kept apart from the image and answered alike", async () => {
    site = await startSite();
    const paths = ["/view/page/7/1.text.json", "/view/page/7/2.text.json", "/view/page/7/1.svg"];
    const first = [];
    for (const path of paths) first.push(await site.get(path));
    expect(first.map((a) => [a.status, a.body])).toEqual([
      [200, '{"v":1}'],
      [204, ""],
      [200, "<svg>v1</svg>"],
    ]);
    expect(first[1]?.headers).toMatchObject({ etag: '"v1-7-2-false-true"', "cache-control": PUBLIC });
    expect(first[1]?.headers["content-length"]).toBeUndefined();
    for (const [i, path] of paths.entries()) expect(await site.get(path)).toEqual(first[i]);
    const inm = { "if-none-match": first[1]?.headers.etag as string };
    expect((await site.get(paths[1] as string, inm)).status).toBe(304);
    expect(site.state.calls).toBe(paths.length);
  });

  test("a page sent in several messages is revalidated from the copy, but its bytes are asked for again", async () => {
    site = await startSite();
    site.state.streamed = true;
    const first = await site.get("/view/page/7/1.svg");
    expect((await site.get("/view/page/7/1.svg", { "if-none-match": first.headers.etag as string })).status).toBe(304);
    expect(site.state.calls).toBe(1);
    expect(await site.get("/view/page/7/1.svg")).toEqual(first);
    expect(site.state.calls).toBe(2);
  });
});

describe("what is never answered from the copy", () => {
  test("a request with a session goes to the content service every time, with its token", async () => {
    site = await startSite();
    await site.get("/view/page/7/1.svg");
    for (let i = 0; i < 2; i++)
      expect((await site.get("/view/page/7/1.svg", { authorization: "Bearer x" })).status).toBe(200);
    expect(site.state.calls).toBe(3);
    expect(site.state.auth).toEqual([null, "Bearer x", "Bearer x"]);
  });

  test("answers not for shared caches (a private document), and refusals, are asked for every time", async () => {
    site = await startSite();
    site.state.cacheControl = "private, no-store";
    for (let i = 0; i < 2; i++) expect((await site.get("/view/page/7/1.svg")).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await site.get("/view/page/7/3.svg")).status).toBe(404);
    expect(site.state.calls).toBe(4);
  });

  test("a gateway that hears no changes keeps nothing", async () => {
    site = await startSite({ events: false });
    for (let i = 0; i < 2; i++) expect((await site.get("/view/page/7/1.svg")).status).toBe(200);
    expect(site.state.calls).toBe(2);
  });
});

describe("changes drop the copy", () => {
  for (const kind of ["documents", "config"] as const) {
    test(`a ${kind} change: a document hidden meanwhile is refused at once, also on revalidation`, async () => {
      site = await startSite();
      const first = await site.get("/view/page/7/1.svg");
      site.state.visible = false;
      // without the change signal the copy still answers: the signal is what keeps it right
      expect((await site.get("/view/page/7/1.svg")).status).toBe(200);
      site.changed(kind);
      expect((await site.get("/view/page/7/1.svg")).status).toBe(404);
      expect((await site.get("/view/page/7/1.svg", { "if-none-match": first.headers.etag as string })).status).toBe(
        404,
      );
    });
  }

  test("a new version after a change is learned again under its new ETag", async () => {
    site = await startSite();
    const v1 = await site.get("/view/page/7/1.svg");
    site.state.version = 2;
    site.changed("documents");
    const v2 = await site.get("/view/page/7/1.svg");
    expect(v2.headers.etag).not.toBe(v1.headers.etag);
    expect((await site.get("/view/page/7/1.svg", { "if-none-match": v1.headers.etag as string })).status).toBe(200);
    expect(await site.get("/view/page/7/1.svg")).toEqual(v2);
    expect(site.state.calls).toBe(2);
  });

  test("an answer under way while a change came is passed on but not kept", async () => {
    site = await startSite();
    let release = () => {};
    site.state.hold = new Promise<void>((r) => {
      release = r;
    });
    const pending = site.get("/view/page/7/1.svg");
    while (site.state.calls === 0) await new Promise((r) => setImmediate(r));
    site.changed("documents");
    release();
    expect((await pending).status).toBe(200);
    site.state.hold = null;
    site.state.visible = false;
    expect((await site.get("/view/page/7/1.svg")).status).toBe(404);
  });
});

describe("createPageCache", () => {
  const answer = { etag: '"a"', headers: null, notModified: {}, body: null };

  test("an answer expires after the TTL (a lost broadcast)", () => {
    let now = 1_000;
    const cache = createPageCache({ ttlMs: 5_000, now: () => now });
    cache.remember(cache.ticket(), "k", answer);
    now += 4_999;
    expect(cache.get("k")).toBe(answer);
    now += 2;
    expect(cache.get("k")).toBeUndefined();
  });

  test("bodies are bounded in bytes: the least recently used go first, one too large is not kept", () => {
    const cache = createPageCache({ maxBodyBytes: 3_000 });
    const sized = (n: number) => ({ ...answer, body: new Uint8Array(n) });
    cache.remember(cache.ticket(), "a", sized(1_000));
    cache.remember(cache.ticket(), "b", sized(1_000));
    cache.get("a");
    cache.remember(cache.ticket(), "c", sized(1_000));
    expect([cache.get("a"), cache.get("b"), cache.get("c")].map((a) => a !== undefined)).toEqual([true, false, true]);
    cache.remember(cache.ticket(), "d", sized(5_000));
    expect(cache.get("d")).toBeUndefined();
  });
});
