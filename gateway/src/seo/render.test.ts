// The ssr settings over the crawler pages (made-up service answers, a real index.html on disk): off
// or unknown → the plain app page for everyone; on → rendered; a rendered page reused for
// cache_seconds, never with 0, and dropped when the settings or index.html change or a change went
// through the gateway (invalidate); a kept page compressed once, not on every view.
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { ArticleSchema } from "@wenku/proto/api/v1/article_pb.js";
import { type Settings, SettingsSchema } from "@wenku/proto/api/v1/config_pb.js";
import { type CrawlerArticle, CrawlerArticleSchema } from "@wenku/proto/api/v1/content_internal_pb.js";
import type { Lookup, SeoData } from "./data.js";
import { createSeoRenderer, writeHtml } from "./render.js";

const TEMPLATE = `<!doctype html><html><head><title>文库</title></head><body><div id="root"></div></body></html>`;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "seo-render-"));
  await writeFile(join(root, "index.html"), TEMPLATE);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const settingsOf = (enable: boolean, cacheSeconds: number, title = "文库") =>
  create(SettingsSchema, {
    system: { title, sitename: "文库", domain: "https://w.example" },
    ssr: { enable, cacheSeconds },
  });

const articleOf = (title: string): CrawlerArticle =>
  create(CrawlerArticleSchema, { article: create(ArticleSchema, { id: 3n, identifier: "a3", title }), text: "正文" });

function setup(first: Settings | null) {
  const state = {
    settings: first,
    article: { found: articleOf("第一版") } as Lookup<CrawlerArticle>,
    asked: 0,
    forgotten: 0,
  };
  const data: SeoData = {
    document: async () => "missing",
    article: async () => {
      state.asked++;
      return state.article;
    },
    categories: async () => null,
    categoryDocuments: async () => null,
    settings: async () => state.settings,
    forget: () => {
      state.forgotten++;
    },
    close: () => undefined,
  };
  let now = 1_000; // lru-cache reads a start time of 0 as "never stale"
  const render = createSeoRenderer({ root, data, isTrustedProxy: () => false, now: () => now });
  const req = { headers: { host: "w.example" }, socket: { remoteAddress: "10.0.0.1" } } as unknown as IncomingMessage;
  return {
    state,
    render: (path = "/article/a3") => render(req, path),
    invalidate: render.invalidate,
    tick: (ms: number) => (now += ms),
  };
}

test("ssr off or the settings unknown: no crawler page for any path (the app's page)", async () => {
  const off = setup(settingsOf(false, 600));
  expect(await off.render()).toBeNull();
  expect(await off.render("/")).toBeNull();
  expect(off.state.asked).toBe(0);
  expect(await setup(null).render()).toBeNull();
});

test("ssr on: rendered; reused for cache_seconds (its max-age what is left of them), then asked again", async () => {
  const s = setup(settingsOf(true, 60));
  const first = await s.render();
  expect([first?.status, first?.maxAge]).toEqual([200, 60]);
  expect(first?.html).toContain("<h1>第一版</h1>");
  s.state.article = { found: articleOf("第二版") };
  s.tick(20_500);
  const kept = await s.render();
  expect(kept?.html).toContain("<h1>第一版</h1>");
  expect(kept?.maxAge).toBe(39);
  expect(s.state.asked).toBe(1);
  s.tick(40_500);
  expect((await s.render())?.html).toContain("<h1>第二版</h1>");
  expect(s.state.asked).toBe(2);
});

test("cache_seconds 0: rendered on every view", async () => {
  const s = setup(settingsOf(true, 0));
  await s.render();
  s.state.article = "missing";
  expect(await s.render()).toEqual({ status: 404, html: null, maxAge: 0 });
  expect(s.state.asked).toBe(2);
});

test("a change through the gateway, changed settings or a new index.html drop the rendered pages", async () => {
  const s = setup(settingsOf(true, 600));
  await s.render();
  s.state.article = "missing";
  s.invalidate();
  expect(s.state.forgotten).toBe(1); // the data the pages were made from goes too
  expect(await s.render()).toEqual({ status: 404, html: null, maxAge: 600 }); // a hidden article is 404 at once
  expect(await s.render()).toEqual({ status: 404, html: null, maxAge: 600 }); // and kept as such
  expect(s.state.asked).toBe(2);

  s.state.article = { found: articleOf("第三版") };
  s.state.settings = settingsOf(true, 600, "新标题");
  expect((await s.render())?.html).toContain("第三版 - 新标题");

  s.state.article = { found: articleOf("第四版") };
  const later = new Date(Date.now() + 5_000);
  await utimes(join(root, "index.html"), later, later);
  expect((await s.render())?.html).toContain("<h1>第四版</h1>");
  expect(s.state.asked).toBe(4);
});

/** What writeHtml sent: status, headers and the body as handed to the socket. */
async function written(html: string, headers: Record<string, string>) {
  const sent: { status?: number; headers?: Record<string, unknown>; body?: Buffer } = {};
  const res = {
    writeHead: (status: number, h: Record<string, unknown>) => Object.assign(sent, { status, headers: h }),
    end: (body?: Buffer) => Object.assign(sent, { body }),
  } as unknown as ServerResponse;
  await writeHtml({ method: "GET", headers } as unknown as IncomingMessage, res, 200, html, 60);
  return sent;
}

test("a page is compressed once per coding, not on every view, and again after a change", async () => {
  const s = setup(settingsOf(true, 600));
  const html = (await s.render())?.html ?? "";
  const br = { "accept-encoding": "gzip, br" };
  const first = await written(html, br);
  const again = await written(html, br);
  expect(first.headers?.["content-encoding"]).toBe("br");
  expect(again.body).toBe(first.body); // the same bytes object: not compressed again
  expect(again.headers?.etag).toBe(first.headers?.etag);
  const gzip = await written(html, { "accept-encoding": "gzip" });
  expect(gzip.headers?.["content-encoding"]).toBe("gzip");
  expect(gzip.body).not.toBe(first.body);

  s.invalidate();
  const after = await written(html, br);
  expect(after.body).not.toBe(first.body); // the change dropped the kept bytes …
  expect(after.body?.equals(first.body ?? Buffer.alloc(0))).toBe(true); // … and the same page makes the same bytes
  expect(after.headers?.etag).toBe(first.headers?.etag);
});
