// The spider through the public API (in-process, and over gRPC + NATS with WENKU_TEST_TRANSPORT=grpc):
// an administrator adds a start URL of a real local site (allowed through SPIDER_ALLOW_HOSTS), the crawl
// collects the files of the extensions the site allows (a saved change applies to the next crawl), the
// files are downloaded, refusals carry their reason, and published through the content service as the
// URL's owner (one, a selection, all; a file content already holds is linked, not stored twice);
// validation names the field; members without the permission are refused; stop and re-crawl.
import { startTestSite, type TestSite } from "@wenku/testkit/spider-site";
import { createCategory } from "./documents.js";
import { eventually, loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let site: TestSite;
let admin: string;
let plain: string;
let category: number;

beforeAll(async () => {
  site = await startTestSite({ busyRetryAfter: "1" });
  stack = await startTestStack({
    env: { SPIDER_ALLOW_HOSTS: "127.0.0.1", SPIDER_FILE_MAX_MB: "1", SPIDER_REQUEST_TIMEOUT_SEC: "2" },
  });
  admin = await loginAdmin(stack.url);
  plain = (await registerUser(stack.url, "spiderplain")).token;
  category = await createCategory(stack.url, admin, "采集");
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

type Url = { id: number; url: string; status: number; error: string; total: number; user_id: number; depth: number };
type Doc = { id: number; url: string; status: number; error: string; ext: string; size: number; title: string };
const call = (method: string, path: string, body?: unknown, token = admin) =>
  rest(stack.url, method, path, body, token);
const getUrl = async (id: number) => (await call("GET", `/api/v1/spiderurl?id=${id}`)).json as Url;
const docs = async (id: number) =>
  ((await call("GET", `/api/v1/spiderdocument/list?spider_url_id=${id}&size=100`)).json.spider_document ?? []) as Doc[];
const byPath = (list: Doc[]) => Object.fromEntries(list.map((d) => [new URL(d.url).pathname, d]));
const settled = (list: Doc[]) => list.length > 0 && list.every((d) => d.status === 3 || d.status === 4);

test("validation names the field; members without the permission are refused", async () => {
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ url: "ftp://example.com/x" }, "采集网址须以 http:// 或 https:// 开头"],
    [{ url: `https://example.com/${"x".repeat(2050)}` }, "采集网址不能超过2048个字符"],
    [{ url: "https://example.com/", interval: 86_401 }, "采集间隔须在 1 到 86400 秒之间"],
    [{ url: "https://example.com/", interval: -1 }, "采集间隔须在 1 到 86400 秒之间"],
    [{ url: "https://example.com/", price: -5 }, "价格不能为负数"],
    [{ url: "https://example.com/", depth: 6 }, "采集深度须在 0 到 5 之间"],
    [{ url: "https://example.com/", category_id: [0] }, "请选择有效的分类"],
  ];
  for (const [body, message] of cases) {
    const r = await call("POST", "/api/v1/spiderurl", body);
    expect([r.status, r.json.message]).toEqual([400, message]);
  }
  const wide = await call("POST", "/api/v1/spiderurl", { url: "https://example.com/", price: 2 ** 31 });
  expect(wide.status).toBe(400);
  const status = await call("PUT", "/api/v1/spiderdocument/batch", { id: [1], status: 99 });
  expect(status.status).toBe(400);
  for (const [method, path] of [
    ["POST", "/api/v1/spiderurl"],
    ["GET", "/api/v1/spiderurl/list"],
    ["GET", "/api/v1/spiderdocument/list"],
    ["PUT", "/api/v1/spiderdocument/batch"],
  ] as const) {
    expect((await call(method, path, method === "GET" ? undefined : {}, plain)).status).toBe(403);
  }
});

test("a crawl through the API: allowed extensions only, downloads with reasons, stop and re-crawl", async () => {
  // the site allows PDF only: the crawl leaves the .docx and .txt links alone
  const saved = await call("PUT", "/api/v1/config", {
    config: [{ category: "security", name: "document_allowed_ext", value: "pdf" }],
  });
  expect(saved.status).toBe(200);

  const created = await call("POST", "/api/v1/spiderurl", {
    url: `${site.url}/lib/index.html`,
    category_id: [category],
    interval: 1,
    depth: 1,
  });
  expect(created.status).toBe(200);
  const url = created.json as Url;
  expect(url).toMatchObject({ status: 0, depth: 1, user_id: 1 });
  await eventually(async () => expect((await getUrl(url.id)).status).toBe(2), 60_000);
  await eventually(async () => expect(settled(await docs(url.id))).toBe(true), 60_000);

  const found = byPath(await docs(url.id));
  expect(Object.keys(found).sort()).toEqual(
    ["a.pdf", "away.pdf", "big.pdf", "busy.pdf", "copy.pdf", "fake.pdf", "slow.pdf", "wrong.pdf"].map(
      (f) => `/lib/files/${f}`,
    ),
  );
  expect(found["/lib/files/a.pdf"]).toMatchObject({ status: 3, ext: "pdf", title: "a.pdf" });
  expect(found["/lib/files/wrong.pdf"]).toMatchObject({
    status: 4,
    error: "对方返回的是网页（text/html），不是 .pdf 文件",
  });
  expect(found["/lib/files/away.pdf"]).toMatchObject({ status: 4, error: "不能获取内网、本机或保留地址的内容" });
  expect(found["/lib/files/big.pdf"]).toMatchObject({ status: 4, error: "内容超过 1 MB" });
  expect((await getUrl(url.id)).total).toBe(8);

  const list = await call("GET", "/api/v1/spiderurl/list?status=2&wd=lib/index");
  expect(list.json).toMatchObject({ total: 1, spider_url: [{ id: url.id }] });
  const failed = await call("GET", `/api/v1/spiderdocument/list?spider_url_id=${url.id}&status=4`);
  expect(failed.json.total).toBe(5);

  // a document that did not download cannot be published; a downloaded one is queued
  const wrong = found["/lib/files/wrong.pdf"] as Doc;
  const early = await call("PUT", "/api/v1/spiderdocument", { ...wrong, status: 5 });
  expect([early.status, early.json.message]).toEqual([400, "该文档当前状态不能进行此操作（发布前须先下载成功）"]);

  // publish a selection: a.pdf and copy.pdf hold the same bytes, so content keeps one document for both
  const pick = (f: string) => found[`/lib/files/${f}`]?.id as number;
  const sel = await call("PUT", "/api/v1/spiderdocument/batch", { id: [pick("a.pdf"), pick("copy.pdf")], status: 5 });
  expect(sel.status).toBe(200);
  const published = async (f: string) =>
    (await call("GET", `/api/v1/spiderdocument?id=${pick(f)}`)).json as Doc & { document_id?: number };
  await eventually(async () => {
    for (const f of ["a.pdf", "copy.pdf"]) expect((await published(f)).status).toBe(7);
  }, 60_000);
  const docA = (await published("a.pdf")).document_id;
  expect(docA).toBeGreaterThan(0);
  expect((await published("copy.pdf")).document_id).toBe(docA);
  const shown = await call("GET", `/api/v1/document?id=${docA}`);
  expect(shown.json).toMatchObject({ id: docA, title: expect.stringMatching(/^(a|copy)\.pdf$/), user_id: 1 });

  // publish all, while the URL names a category content does not know: the reason is content's refusal
  const now = await getUrl(url.id);
  await call("PUT", "/api/v1/spiderurl", { ...now, category_id: [987654] });
  expect((await call("PUT", "/api/v1/spiderdocument/batch", { id: [], status: 5 })).status).toBe(200);
  await eventually(async () => expect((await published("busy.pdf")).status).toBe(8), 60_000);
  expect((await published("busy.pdf")).error).toMatch(/^发布失败：/);
  expect((await published("wrong.pdf")).status).toBe(4); // not downloaded: not published
  await call("PUT", "/api/v1/spiderurl", { ...now, category_id: [category] });
  await call("PUT", "/api/v1/spiderdocument", { ...(await published("busy.pdf")), status: 5 });
  await eventually(async () => expect((await published("busy.pdf")).status).toBe(7), 60_000);
  expect((await published("busy.pdf")).document_id).not.toBe(docA);

  // stop a crawl, then crawl again (re-crawl asks conditionally: the pages answer 304)
  const before = site.arrivals.length;
  expect((await call("PUT", "/api/v1/spiderurl", { ...(await getUrl(url.id)), status: 0 })).status).toBe(200);
  await eventually(async () => expect((await getUrl(url.id)).status).toBe(2), 60_000);
  expect(
    site.arrivals
      .slice(before)
      .filter((a) => a.path.endsWith(".html"))
      .map((a) => a.ifNoneMatch),
  ).toEqual(['"index-v1"', '"p2-v1"']);
  const stopping = await call("POST", "/api/v1/spiderurl", {
    url: `${site.url}/lib/sub/page2.html`,
    category_id: [category],
  });
  const second = stopping.json as Url;
  await call("PUT", "/api/v1/spiderurl", { ...second, status: 3 });
  await eventually(async () => expect(await getUrl(second.id)).toMatchObject({ status: 3, error: "已停止" }), 30_000);

  expect((await call("DELETE", `/api/v1/spiderurl?id=${second.id}`)).status).toBe(200);
  expect((await call("GET", `/api/v1/spiderurl?id=${second.id}`)).status).toBe(404);
}, 180_000);
