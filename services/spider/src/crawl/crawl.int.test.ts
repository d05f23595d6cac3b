// The crawl, download and politeness against a real local site (test/site.ts) on loopback, allowed
// through the allow list as SPIDER_ALLOW_HOSTS would, with real PostgreSQL: what is fetched, in which
// order and at which pace (the site's own log of arrivals), and what is refused, with the reason.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseAllowHosts } from "@wenku/kit/net";
import { waitFor } from "@wenku/testkit";
import { DOCX, PDF_A, PDF_BUSY, startTestSite, type TestSite, TXT } from "@wenku/testkit/spider-site";
import { type SpiderTestbed, spiderTestbed } from "../../test/harness.js";
import { createDocRepository } from "../documents/document.repository.js";
import { CrawlState, DocState } from "../states.js";
import { createUrlRepository } from "../urls/url.repository.js";

let tb: SpiderTestbed;
let site: TestSite;
const LOOPBACK = parseAllowHosts("127.0.0.1").entries;

beforeAll(async () => {
  tb = await spiderTestbed();
  site = await startTestSite();
});
afterAll(async () => {
  await tb.close();
  await site.close();
});

const addUrl = (url: string, depth: number) =>
  createUrlRepository(tb.db).create({
    url,
    title: "test",
    categoryIds: [1n],
    languageId: 0n,
    price: 0,
    interval: 1,
    depth,
    userId: 1n,
  });
const urlRow = (id: bigint) => tb.db.spiderUrl.findUniqueOrThrow({ where: { id } });
const docsOf = async (id: bigint) =>
  Object.fromEntries(
    (await tb.db.spiderDocument.findMany({ where: { spiderUrlId: id } })).map((d) => [new URL(d.url).pathname, d]),
  );
const settled = (id: bigint) => async () => {
  const docs = Object.values(await docsOf(id));
  return docs.length > 0 && docs.every((d) => d.status === DocState.downloaded || d.status === DocState.downloadFailed);
};
const md5 = (b: Buffer) => createHash("md5").update(b).digest("hex");

test("crawls in scope politely, collects each file once, downloads, refuses what it must", async () => {
  const { jobs } = await tb.start({ allow: LOOPBACK });
  const row = await addUrl(`${site.url}/lib/index.html`, 2);
  await jobs.crawl(row.id, row.run);
  await waitFor(async () => (await urlRow(row.id)).status === CrawlState.done, 60_000, "the crawl");
  await waitFor(settled(row.id), 60_000, "the downloads");

  const docs = await docsOf(row.id);
  expect(Object.keys(docs).sort()).toEqual(
    [
      "a.pdf",
      "away.pdf",
      "b.docx",
      "big.pdf",
      "busy.pdf",
      "copy.pdf",
      "deep.pdf",
      "fake.pdf",
      "notes.txt",
      "slow.pdf",
      "wrong.pdf",
    ].map((f) => `/lib/files/${f}`),
  );
  expect((await urlRow(row.id)).total).toBe(11);
  const state = (f: string) => [docs[`/lib/files/${f}`]?.status, docs[`/lib/files/${f}`]?.error];
  expect(state("a.pdf")).toEqual([DocState.downloaded, ""]);
  expect(state("wrong.pdf")).toEqual([DocState.downloadFailed, "对方返回的是网页（text/html），不是 .pdf 文件"]);
  expect(state("fake.pdf")).toEqual([DocState.downloadFailed, "文件内容与扩展名 .pdf 不符"]);
  expect(state("big.pdf")).toEqual([DocState.downloadFailed, "内容超过 1 MB"]);
  expect(state("slow.pdf")).toEqual([DocState.downloadFailed, "获取超时（超过 1 秒）"]);
  expect(state("away.pdf")).toEqual([DocState.downloadFailed, "不能获取内网、本机或保留地址的内容"]);
  expect(state("busy.pdf")).toEqual([DocState.downloaded, ""]);

  // what was stored: the bytes, their size and MD5, under spider/
  for (const [f, bytes] of [
    ["a.pdf", PDF_A],
    ["copy.pdf", PDF_A],
    ["b.docx", DOCX],
    ["notes.txt", TXT],
    ["busy.pdf", PDF_BUSY],
  ] as const) {
    const d = docs[`/lib/files/${f}`];
    expect([d?.size, d?.hash]).toEqual([BigInt(bytes.length), md5(bytes)]);
    expect(await readFile(join(tb.storageDir, d?.storageKey ?? "missing"))).toEqual(bytes);
  }
  expect(docs["/lib/files/a.pdf"]?.title).toBe("a.pdf");

  // never fetched: the path robots.txt disallows, the page outside the prefix, the links only they held
  const paths = site.arrivals.map((a) => a.path);
  for (const p of ["/lib/private/secret.html", "/other/outside.html", "/lib/files/forbidden.pdf"]) {
    expect(paths).not.toContain(p);
  }
  // order: robots.txt, the start page, the pages breadth first, then the files; each page and file once
  // (busy.pdf twice: the 429, then the file)
  expect(paths.slice(0, 4)).toEqual(["/robots.txt", "/lib/index.html", "/lib/sub/page2.html", "/lib/sub/deeper.html"]);
  expect(paths.slice(4).every((p) => p.startsWith("/lib/files/"))).toBe(true);
  expect(paths).not.toContain("/lib/files/image.png"); // neither a document type nor a page
  expect(paths.filter((p) => p === "/robots.txt")).toHaveLength(1);
  expect(paths.filter((p) => p === "/lib/files/a.pdf")).toHaveLength(1);
  expect(paths.filter((p) => p === "/lib/files/busy.pdf")).toHaveLength(2);
  expect(site.arrivals.every((a) => a.ua === "WenkuSpider/1.0 (+https://wenku.test)")).toBe(true);
  // pace: one request at a time, the interval (1 s) between them, Retry-After (2 s) honoured
  const gaps = site.arrivals.slice(1).map((a, i) => a.at - (site.arrivals[i]?.at ?? 0));
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(995);
  const [busy, again] = site.at("/lib/files/busy.pdf");
  expect((again?.at ?? 0) - (busy?.at ?? 0)).toBeGreaterThanOrEqual(1995);

  // a re-crawl asks conditionally, gets 304s, and finds no file twice
  const before = site.arrivals.length;
  await tb.db.spiderUrl.update({ where: { id: row.id }, data: { status: CrawlState.pending } });
  const again2 = await urlRow(row.id);
  await jobs.crawl(row.id, again2.run);
  await waitFor(async () => (await urlRow(row.id)).status === CrawlState.done, 60_000, "the re-crawl");
  const recrawl = site.arrivals.slice(before);
  expect(recrawl.map((a) => [a.path, a.ifNoneMatch])).toEqual([
    ["/lib/index.html", '"index-v1"'],
    ["/lib/sub/page2.html", '"p2-v1"'],
    ["/lib/sub/deeper.html", '"deep-v1"'],
  ]);
  expect(await tb.db.spiderDocument.count({ where: { spiderUrlId: row.id } })).toBe(11);
}, 120_000);

test("without an allow entry a loopback site is refused before any connection", async () => {
  const { jobs } = await tb.start({ allow: [] });
  const before = site.arrivals.length;
  const row = await addUrl(`${site.url}/lib/index.html`, 1);
  await jobs.crawl(row.id, row.run);
  await waitFor(async () => (await urlRow(row.id)).status === CrawlState.failed, 30_000, "the refusal");
  expect((await urlRow(row.id)).error).toBe("不能获取内网、本机或保留地址的内容");
  expect(site.arrivals.length).toBe(before);
}, 60_000);

test("two instances asked for one crawl: one fetches, the other drops the job", async () => {
  const other = await startTestSite();
  try {
    const a = await tb.start({ allow: LOOPBACK });
    const b = await tb.start({ allow: LOOPBACK });
    const row = await addUrl(`${other.url}/lib/sub/page2.html`, 0);
    await Promise.all([a.jobs.crawl(row.id, row.run), b.jobs.crawl(row.id, row.run)]);
    await waitFor(async () => (await urlRow(row.id)).status === CrawlState.done, 30_000, "the crawl");
    await waitFor(settled(row.id), 30_000, "the downloads");
    const paths = other.arrivals.map((x) => x.path);
    expect(paths.slice(0, 2)).toEqual(["/robots.txt", "/lib/sub/page2.html"]);
    expect(paths.slice(2).sort()).toEqual(["/lib/files/a.pdf", "/lib/files/copy.pdf"]);
    expect((await urlRow(row.id)).run).toBe(1);
  } finally {
    await other.close();
  }
}, 60_000);

test("a restarted spider resumes: work left queued without a message is swept up", async () => {
  const other = await startTestSite();
  try {
    // a URL queued by a process that died before its message went out, and a crawl whose worker died
    const lost = await addUrl(`${other.url}/lib/sub/deeper.html`, 0);
    await tb.db.spiderUrl.update({ where: { id: lost.id }, data: { updatedAt: new Date(Date.now() - 120_000) } });
    const { workers } = await tb.start({ allow: LOOPBACK });
    await workers.sweep();
    await waitFor(async () => (await urlRow(lost.id)).status === CrawlState.done, 30_000, "the swept crawl");
    await waitFor(settled(lost.id), 30_000, "its download");
    const docs = await createDocRepository(tb.db).list({ wd: "", status: [], spiderUrlId: [lost.id], ext: "" }, 0, 10);
    expect(docs.rows.map((d) => [new URL(d.url).pathname, d.status])).toEqual([
      ["/lib/files/deep.pdf", DocState.downloaded],
    ]);
  } finally {
    await other.close();
  }
}, 60_000);
