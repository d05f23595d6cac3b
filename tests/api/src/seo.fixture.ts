// What the search-engine suites (seo.sitemap, seo.pages) share: a built-like web app directory (the
// index.html Vite writes, its precompressed siblings, routes.json and the app's robots.txt) for the
// gateway to serve, and documents made the quick way (files written straight into the content
// database, statuses set there as the converter would) or the real way (a PDF uploaded and converted).
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { makePdf } from "@wenku/testkit/documents";
import type { ContentDb } from "./db.js";
import { eventually, rest } from "./testing.js";

/** The shape of web/dist/index.html after `npm run build -w web`. */
export const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="文库 · Wenku document library" />
    <link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48" />
    <title>文库</title>
    <script type="module" crossorigin src="/assets/index-test.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <noscript>文库需要启用 JavaScript · Wenku needs JavaScript enabled.</noscript>
  </body>
</html>
`;

const ROUTES = ["/", "/404", "/category", "/category/:id", "/document/:id?", "/login", "/search", "/article/:id"];

/** A web app directory like the build's; returns its path. */
export async function makeWebDist(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), "wenku-seo-dist-"));
  await mkdir(join(dist, "assets"));
  await writeFile(join(dist, "index.html"), INDEX_HTML);
  await writeFile(join(dist, "index.html.br"), brotliCompressSync(INDEX_HTML));
  await writeFile(join(dist, "index.html.gz"), gzipSync(INDEX_HTML));
  await writeFile(join(dist, "routes.json"), JSON.stringify({ routes: ROUTES }));
  await copyFile(new URL("../../../web/public/robots.txt", import.meta.url).pathname, join(dist, "robots.txt"));
  await writeFile(join(dist, "assets/index-test.js"), "export {};\n");
  return dist;
}

export const readDist = (dist: string, name: string) => readFile(join(dist, name));

let seq = 0;
/** An uploaded PDF granted to `userId`, written straight into the content database (no file, no conversion). */
export async function attachmentFor(db: ContentDb, userId: number): Promise<number> {
  seq++;
  const hash = `e${seq.toString(16).padStart(31, "0")}`;
  const a = await db.attachment.create({
    data: {
      hash,
      name: "file.pdf",
      ext: ".pdf",
      size: 1000n + BigInt(seq),
      type: 2,
      userId: BigInt(userId),
      storageKey: `documents/${hash}.pdf`,
    },
  });
  await db.attachmentGrant.create({ data: { attachmentId: a.id, userId: BigInt(userId) } });
  return Number(a.id);
}

/**
 * A document of `user` in `category`, created through the API and marked converted as the converter
 * would (3 pages); returns its id.
 */
export async function quickDocument(
  base: string,
  db: ContentDb,
  user: { token: string; id: number },
  title: string,
  category: number,
): Promise<number> {
  const attachment_id = await attachmentFor(db, user.id);
  const r = await rest(
    base,
    "POST",
    "/api/v1/document",
    { category_id: [category], document: [{ title, attachment_id }] },
    user.token,
  );
  if (r.status !== 200) throw new Error(`creating ${title}: ${r.status} ${r.text}`);
  const row = await db.document.findFirst({ where: { title, userId: BigInt(user.id) }, orderBy: { id: "desc" } });
  if (!row) throw new Error(`${title} was not created`);
  await db.document.update({ where: { id: row.id }, data: { pages: 3, status: 2 } });
  return Number(row.id);
}

/** Uploads a PDF whose page n holds lines(n), creates the document and waits until it is converted. */
export async function publishPdf(
  base: string,
  user: { token: string; id: number },
  title: string,
  category: number,
  pages: number,
  lines: (n: number) => string[],
): Promise<number> {
  const form = new FormData();
  form.append("file", new Blob([makePdf({ pages, lines })]), `${title}.pdf`);
  const up = await fetch(`${base}/api/v1/upload/document`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${user.token}` },
  });
  const uploaded = (await up.json()) as { data: { id: number } };
  if (up.status !== 200) throw new Error(`upload: ${up.status}`);
  const created = await rest(
    base,
    "POST",
    "/api/v1/document",
    { category_id: [category], document: [{ title, attachment_id: uploaded.data.id }] },
    user.token,
  );
  if (created.status !== 200) throw new Error(`create: ${created.status} ${created.text}`);
  const mine = await rest(base, "GET", `/api/v1/document/list?user_id=${user.id}&size=1`, undefined, user.token);
  const id = (mine.json.document as Array<{ id: number }>)[0]?.id as number;
  await eventually(async () => {
    const doc = await rest(base, "GET", `/api/v1/document?id=${id}`);
    expect(doc.json.status).toBe(2);
  }, 90_000);
  return id;
}

/** Creates a document category (enabled unless told) and returns its id. */
export async function makeCategory(
  base: string,
  admin: string,
  title: string,
  parentId = 0,
  enable = true,
): Promise<number> {
  const r = await rest(base, "POST", "/api/v1/category", { title, parent_id: parentId, enable }, admin);
  if (r.status !== 200) throw new Error(`category ${title}: ${r.status} ${r.text}`);
  const list = await rest(base, "GET", "/api/v1/category/list?size=1000", undefined, admin);
  return (list.json.category as Array<{ id: number; title: string }>).find((c) => c.title === title)?.id ?? 0;
}

/** Sets one configuration value as staff. */
export async function setConfig(base: string, admin: string, category: string, name: string, value: string) {
  const r = await rest(base, "PUT", "/api/v1/config", { config: [{ category, name, value }] }, admin);
  if (r.status !== 200) throw new Error(`config ${category}.${name}: ${r.status} ${r.text}`);
}

/** The text inside each <loc> of an XML body. */
export const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] as string);
