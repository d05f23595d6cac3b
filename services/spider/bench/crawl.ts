// Crawl rate against local sites: K sites on loopback (each its own host:port, so each has its own pace),
// each with P pages of F file links, crawled at depth 1 with the smallest interval (1 s), the files
// downloaded into local storage. Prints pages/s and files/s for the whole run and per site; politeness
// (one request per host per second) bounds a site, the number of sites shows what the workers add.
//   node --import tsx services/spider/bench/crawl.ts [sites=8] [pages=5] [files=4]
import { once } from "node:events";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isAllowedExtension } from "@wenku/converter/contract";
import { createLogger, runMigrations } from "@wenku/kit";
import { createBus } from "@wenku/kit/bus";
import { parseAllowHosts } from "@wenku/kit/net";
import { createStorage } from "@wenku/kit/storage";
import pg from "pg";
import { createHostGate } from "../src/crawl/host-gate.js";
import { createPoliteFetcher } from "../src/crawl/polite.js";
import { createDb, SPIDER_SCHEMA } from "../src/db.js";
import { createDocRepository } from "../src/documents/document.repository.js";
import { createSpiderJobs, spiderChannel } from "../src/jobs/queue.js";
import { startSpiderWorkers } from "../src/jobs/workers.js";
import { migrationsDir } from "../src/service.js";
import { CrawlState, DocState } from "../src/states.js";
import { createUrlRepository } from "../src/urls/url.repository.js";

const [sites = 8, pages = 5, files = 4] = process.argv.slice(2).map(Number);
const base = process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test";
const name = `wenku_bench_spider_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(64 * 1024, 32)]);

const servers = await Promise.all(
  Array.from({ length: sites }, async () => {
    const server = createServer((req, res) => {
      const path = req.url ?? "/";
      if (path === "/robots.txt") return void res.writeHead(404).end();
      const p = /^\/lib\/p(\d+)\.html$/.exec(path);
      if (path === "/lib/index.html" || p) {
        const links = p
          ? Array.from({ length: files }, (_, f) => `<a href="f${p[1]}-${f}.pdf">f</a>`)
          : Array.from({ length: pages }, (_, i) => `<a href="p${i}.html">p</a>`);
        return void res
          .writeHead(200, { "content-type": "text/html" })
          .end(`<html><body>${links.join("")}</body></html>`);
      }
      res.writeHead(200, { "content-type": "application/pdf", "content-length": pdf.length }).end(pdf);
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    return server;
  }),
);

const storageDir = await mkdtemp(join(tmpdir(), "wenku-bench-spider-"));
const log = createLogger({ service: "bench", level: "silent" });
await runMigrations({ connectionString: url.href, schema: SPIDER_SCHEMA, dir: migrationsDir });
const db = createDb(url.href);
const bus = await createBus({ log });
const channel = spiderChannel();
const jobs = createSpiderJobs({ bus, channel, log });
const workers = await startSpiderWorkers({
  bus,
  channel,
  jobs,
  storage: await createStorage({ STORAGE_DIR: storageDir }),
  importer: { import: async () => ({ documentId: 0n, duplicate: false }) },
  polite: createPoliteFetcher({
    gate: createHostGate(),
    allow: parseAllowHosts("127.0.0.1").entries,
    timeoutMs: 30_000,
    userAgent: async () => "WenkuSpider/1.0",
  }),
  urls: createUrlRepository(db),
  docs: createDocRepository(db),
  fileFilter: async () => (ext) => isAllowedExtension(ext, []),
  pageMaxBytes: 5 * 1024 * 1024,
  fileMaxBytes: 200 * 1024 * 1024,
  maxPages: 1000,
  log,
});

const started = performance.now();
for (const s of servers) {
  const row = await createUrlRepository(db).create({
    url: `http://127.0.0.1:${(s.address() as AddressInfo).port}/lib/index.html`,
    title: "bench",
    categoryIds: [1n],
    languageId: 0n,
    price: 0,
    interval: 1,
    depth: 1,
    userId: 1n,
  });
  await jobs.crawl(row.id, row.run);
}
let crawledAt = 0;
for (;;) {
  const crawling = await db.spiderUrl.count({ where: { status: { in: [CrawlState.pending, CrawlState.crawling] } } });
  if (!crawling && !crawledAt) crawledAt = performance.now();
  const waiting = await db.spiderDocument.count({
    where: { status: { notIn: [DocState.downloaded, DocState.downloadFailed] } },
  });
  if (!crawling && !waiting) break;
  await new Promise((r) => setTimeout(r, 200));
}
const seconds = (performance.now() - started) / 1000;
const totalPages = sites * (pages + 1);
const totalFiles = await db.spiderDocument.count({ where: { status: DocState.downloaded } });
const result = {
  sites,
  pagesPerSite: pages + 1,
  filesPerSite: pages * files,
  seconds: Number(seconds.toFixed(2)),
  crawlSeconds: Number(((crawledAt - started) / 1000).toFixed(2)),
  pagesPerSecond: Number((totalPages / ((crawledAt - started) / 1000)).toFixed(2)),
  filesPerSecond: Number((totalFiles / seconds).toFixed(2)),
  filesDownloaded: totalFiles,
  note: "interval 1 s per host: one site alone is bound to ~1 request/s",
};
console.log(result);
await mkdir(new URL("../../../bench/results", import.meta.url), { recursive: true });
await writeFile(
  new URL(`../../../bench/results/spider-crawl-${new Date().toISOString().slice(0, 10)}.json`, import.meta.url),
  `${JSON.stringify(result, null, 2)}\n`,
);
await workers.stop();
await bus.close();
await db.$disconnect();
for (const s of servers) s.close();
await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
await admin.end();
await rm(storageDir, { recursive: true, force: true });
