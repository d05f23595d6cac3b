// Document search on the whole site (both transports): real PDFs uploaded, converted by MuPDF and
// indexed by the content service's indexer, then found through moredoc's GET /api/v1/document/search
// and the /search page's GET /api/v1/search, with the page of the hit and a snippet only where
// visitors may read it.
import { openContentDb } from "./db.js";
import { createCategory, publishPdf } from "./documents.js";
import { eventually, loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let admin: string;
let alice: { token: string; id: number };
let category: number;

beforeAll(async () => {
  stack = await startTestStack({ env: { SEARCH_POLL_SEC: "0.2" } });
  admin = await loginAdmin(stack.url);
  alice = await registerUser(stack.url, "search_alice");
  category = await createCategory(stack.url, admin, "财务资料");
});
afterAll(async () => {
  await stack?.stop();
});

const setConfig = async (category: string, name: string, value: string) => {
  const r = await rest(stack.url, "PUT", "/api/v1/config", { config: [{ category, name, value }] }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
};

const publish = (title: string, pages: number, lines: (n: number) => string[]) =>
  publishPdf(stack.url, alice, category, title, pages, lines);

type Found = {
  total: number;
  spend: string;
  document?: Array<{ id: number; title: string; attachment?: { hash?: string } }>;
  hit?: Array<{ document_id: number; pages?: number[]; page?: number; snippet?: string; highlight?: number[] }>;
};
const search = async (query: string, token?: string) => {
  const r = await rest(stack.url, "GET", `/api/v1/document/search?${query}`, undefined, token);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as Found;
};
const wd = (q: string) => `wd=${encodeURIComponent(q)}`;
const idsOf = (f: Found) => (f.document ?? []).map((d) => d.id);

const filler = (n: number) => [`第${n}页 一般性说明文字`, `general filler text of page ${n}`];
let report: number;
let limited: number;

test("a phrase from page 30 of a real PDF finds it, with the page and a marked snippet", async () => {
  await setConfig("converter", "max_preview", "0"); // every page readable (the default is 12)
  report = await publish("年度财务报告", 35, (n) =>
    n === 30 ? ["季度对账报告显示差异", "The reconciliation of ledgers is overdue"] : filler(n),
  );
  const found = await eventually(async () => {
    const f = await search(wd("reconciliation ledger"));
    expect(idsOf(f)).toEqual([report]);
    return f;
  }, 15_000);
  expect(found.total).toBe(1);
  expect(found.spend).toMatch(/^\d+\.\d{3}s$/);
  expect(found.document?.[0]?.attachment?.hash).toMatch(/^[0-9a-f]{32}$/);
  const hit = found.hit?.[0];
  expect(hit).toMatchObject({ document_id: report, pages: [30], page: 30 });
  const snippet = hit?.snippet ?? "";
  const marks = hit?.highlight ?? [];
  const marked = [snippet.slice(marks[0], marks[1]), snippet.slice(marks[2], marks[3])];
  expect(marked.map((m) => m.toLowerCase())).toEqual(["reconciliation", "ledgers"]);
});

test("a two-character Chinese substring, a mixed Chinese/English query and English stemming find it", async () => {
  expect(idsOf(await search(wd("对账")))).toEqual([report]);
  expect(idsOf(await search(wd("ledger 对账报告")))).toEqual([report]);
  expect(idsOf(await search(wd("reconciliations")))).toEqual([report]);
  expect(idsOf(await search(wd("对账 nonexistentword")))).toEqual([]);
  // the title and the category are searched too
  expect(idsOf(await search(wd("年度财务 财务资料")))).toEqual([report]);
});

test("a hit beyond the preview limit names its page and shows none of its text", async () => {
  await setConfig("converter", "max_preview", "5");
  try {
    limited = await publish("内部审计底稿", 35, (n) =>
      n === 30 ? ["审计底稿中的保密条款 confidential clause"] : filler(n),
    );
    const found = await eventually(async () => {
      const f = await search(wd("confidential clause"));
      expect(idsOf(f)).toEqual([limited]);
      return f;
    }, 15_000);
    expect(found.hit?.[0]).toMatchObject({ document_id: limited, pages: [30] });
    expect(found.hit?.[0]?.snippet ?? "").toBe("");
    expect(found.hit?.[0]?.page ?? 0).toBe(0);
  } finally {
    await setConfig("converter", "max_preview", "0");
  }
});

test("a document staff disable is not found (not even counted); enabled again, it is", async () => {
  const check = (status: number) =>
    rest(stack.url, "PUT", "/api/v1/document/check", { id: [limited], status }, admin).then((r) =>
      expect([r.status, r.json.message]).toEqual([200, undefined]),
    );
  await check(4);
  await eventually(async () => expect((await search(wd("confidential"))).total).toBe(0), 15_000);
  expect(idsOf(await search(wd("confidential"), alice.token))).toEqual([]); // its owner does not find it either
  await check(2);
  await eventually(async () => expect(idsOf(await search(wd("confidential")))).toEqual([limited]), 15_000);
});

test("filters and sorts: category, type, unknown category, latest first", async () => {
  expect(idsOf(await search(`${wd("说明文字")}&category_id=${category}&sort=latest`))).toEqual([limited, report]);
  expect(idsOf(await search(`${wd("说明文字")}&ext=pdf`))).toHaveLength(2);
  expect(idsOf(await search(`${wd("说明文字")}&ext=word`))).toEqual([]);
  expect(idsOf(await search(`${wd("说明文字")}&category_id=999999`))).toEqual([]);
  const paged = await search(`${wd("说明文字")}&sort=latest&page=2&size=1`);
  expect([paged.total, idsOf(paged)]).toEqual([2, [report]]);
});

test("most read first follows the reads as they happen (no re-indexing)", async () => {
  // reads counted so far (the conversion polling above read them too), from the search reply itself
  const counts = async () => {
    const found = await search(`${wd("说明文字")}&sort=latest`);
    const docs = (found.document ?? []) as Array<{ id: number; view_count?: number }>;
    return new Map(docs.map((d) => [d.id, d.view_count ?? 0]));
  };
  const readUntilAhead = async (id: number, other: number) => {
    const before = await counts();
    const times = (before.get(other) ?? 0) - (before.get(id) ?? 0) + 2;
    for (let i = 0; i < times; i++)
      expect((await rest(stack.url, "GET", `/api/v1/document?id=${id}`)).status).toBe(200);
  };
  await readUntilAhead(limited, report);
  await eventually(async () => expect(idsOf(await search(`${wd("说明文字")}&sort=views`))).toEqual([limited, report]));
  await readUntilAhead(report, limited);
  await eventually(async () => expect(idsOf(await search(`${wd("说明文字")}&sort=views`))).toEqual([report, limited]));
});

test("GET /api/v1/search answers the /search page the same way; type=1 searches articles, not documents", async () => {
  const r = await rest(stack.url, "GET", `/api/v1/search?${wd("对账")}&type=0`);
  expect([r.status, (r.json as Found).document?.map((d) => d.id)]).toEqual([200, [report]]);
  const articles = await rest(stack.url, "GET", `/api/v1/search?${wd("对账")}&type=1`);
  expect([articles.status, Number(articles.json.total ?? 0), articles.json.document ?? []]).toEqual([200, 0, []]);
});

test("PUT /api/v1/document/index (staff) writes a lost index entry again; others are refused", async () => {
  const db = openContentDb(stack);
  try {
    await db.$executeRaw`DELETE FROM search_documents WHERE document_id = ${BigInt(report)}`; // an entry lost
  } finally {
    await db.$disconnect();
  }
  expect(idsOf(await search(wd("对账")))).toEqual([]); // its version did not move: polling alone never notices
  const body = { id: [report] };
  expect((await rest(stack.url, "PUT", "/api/v1/document/index", body)).status).toBe(401);
  expect((await rest(stack.url, "PUT", "/api/v1/document/index", body, alice.token)).status).toBe(403);
  const none = await rest(stack.url, "PUT", "/api/v1/document/index", { id: [] }, admin);
  expect([none.status, none.json.message]).toEqual([400, "请选择要重建索引的文档"]);
  const r = await rest(stack.url, "PUT", "/api/v1/document/index", body, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  expect(idsOf(await search(wd("对账")))).toEqual([report]); // done when the call returns
});

test("PUT /api/v1/renew/document/index (staff) rebuilds the index in the background; GET tells its progress", async () => {
  expect((await rest(stack.url, "PUT", "/api/v1/renew/document/index", {}, alice.token)).status).toBe(403);
  expect((await rest(stack.url, "GET", "/api/v1/renew/document/index", undefined, alice.token)).status).toBe(403);
  const r = await rest(stack.url, "PUT", "/api/v1/renew/document/index", {}, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  const status = await eventually(async () => {
    const s = await rest(stack.url, "GET", "/api/v1/renew/document/index", undefined, admin);
    expect(s.status).toBe(200);
    expect(s.json.running ?? false).toBe(false);
    return s.json as { backend: string; indexed: number; total: number; done: number; error?: string };
  }, 15_000);
  // the two documents and the five footer pages seeded as articles
  expect(status).toMatchObject({ backend: "postgres", indexed: 2, articles: 5, total: 7, done: 7 });
  expect((status as { unreachable?: boolean }).unreachable ?? false).toBe(false);
  expect(status.error ?? "").toBe("");
  expect(idsOf(await search(wd("对账")))).toEqual([report]);
});

test("PUT /api/v1/document/detect/language sets a document's language from its text", async () => {
  const english = await publish("Ledger handbook", 2, (n) => [
    `Page ${n} explains how the accounting team reconciles the general ledger every month,`,
    "which entries need a second review and where the supporting documents are kept.",
  ]);
  const languageOf = async (id: number) =>
    (await rest(stack.url, "GET", `/api/v1/document?id=${id}`)).json.language as string | undefined;
  // guessed once after conversion (the uploader left it empty); staff then mislabel it to ask for a new guess
  await eventually(async () => expect(await languageOf(english)).toBe("en"), 15_000);
  const mislabel = { document_id: [english], language: "ja" };
  expect((await rest(stack.url, "PUT", "/api/v1/document/language", mislabel, admin)).status).toBe(200);
  expect(await languageOf(english)).toBe("ja");
  expect(
    (await rest(stack.url, "PUT", "/api/v1/document/detect/language", { id: [english] }, alice.token)).status,
  ).toBe(403);
  const r = await rest(stack.url, "PUT", "/api/v1/document/detect/language", { id: [english] }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  expect(await languageOf(english)).toBe("en");
  // the language is a search filter at once (the indexer followed the change)
  await eventually(async () => expect(idsOf(await search(`${wd("ledger")}&language=en`))).toContain(english), 15_000);
  expect(idsOf(await search(`${wd("ledger")}&language=ja`))).toEqual([]);
  const none = await rest(stack.url, "PUT", "/api/v1/document/detect/language", { id: [] }, admin);
  expect(none.status).toBe(400);
});

test("bad input: an unknown sort is 400; empty, punctuation and huge queries find nothing or work", async () => {
  const bad = await rest(stack.url, "GET", `/api/v1/document/search?${wd("对账")}&sort=bogus`);
  expect([bad.status, bad.json.message]).toEqual([400, "不支持的排序方式"]);
  expect((await search("wd=")).total).toBe(0);
  expect((await search(wd("，。！&|!()<->:*'\"; DROP TABLE documents"))).total).toBe(0);
  expect(idsOf(await search(wd(`对账 ${"x".repeat(5_000)}`)))).toEqual([report]); // the query is cut at 100 characters
  await setConfig("display", "max_search_pages", "2");
  try {
    const beyond = await rest(stack.url, "GET", `/api/v1/document/search?${wd("说明文字")}&page=3&size=1`);
    expect([beyond.status, beyond.json.message]).toEqual([400, "搜索结果最多显示 2 页"]);
  } finally {
    await setConfig("display", "max_search_pages", "0");
  }
});
