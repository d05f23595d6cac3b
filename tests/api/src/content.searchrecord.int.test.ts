// Search records on the whole site (both transports): searches made through GET /api/v1/document/search
// and GET /api/v1/search are recorded in the background with keywords, user, client address (a real
// loopback source address, 127.0.0.x), hits and time; staff list, filter and delete them
// (/api/v1/searchrecord); popular searches (GET /api/v1/search/popular) count distinct searchers of
// searches that found something. The sweep of records past their retention is content's own
// integration test (services/content/src/search/search.record.sweep.int.test.ts).
import { createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { SearchAPI } from "@wenku/proto/api/v1/search_pb.js";
import { type ContentDb, openContentDb } from "./db.js";
import { loopbackClient } from "./loopback.js";
import { eventually, loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let db: ContentDb;
let admin: string;
let alice: { token: string; id: number };
let bob: { token: string; id: number };
let carol: { token: string; id: number };

const client = loopbackClient(() => stack.url);
/** GET `path` from the loopback address `ip` (the gateway takes the client's address from the socket). */
const from = (ip: string, path: string, token?: string) => client.send(ip, "GET", path, undefined, token);

type Found = { total: number };
/** moredoc's document search from `ip`; the search must answer 200. */
async function search(wd: string, opts: { ip?: string; token?: string; page?: number } = {}): Promise<Found> {
  const q = `wd=${encodeURIComponent(wd)}${opts.page ? `&page=${opts.page}` : ""}`;
  const r = await from(opts.ip ?? "127.0.0.1", `/api/v1/document/search?${q}`, opts.token);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as Found;
}

type Row = {
  id: number;
  user_id: number;
  username: string;
  keywords: string;
  ip: string;
  user_agent?: string;
  total: number;
  page: number;
  type: number;
  spend_time: number;
  created_at: string;
};
async function records(query = "", token = admin): Promise<{ total: number; search_record: Row[] }> {
  const r = await rest(stack.url, "GET", `/api/v1/searchrecord/list?${query}`, undefined, token);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return { total: r.json.total as number, search_record: (r.json.search_record as Row[] | undefined) ?? [] };
}
const kw = (k: string) => `keywords=${encodeURIComponent(k)}`;
/** Waits until the background writer stored `n` records of keywords `k`. */
const recorded = (k: string, n: number) =>
  eventually(async () => {
    const r = await records(`${kw(k)}&size=100`);
    expect(r.search_record).toHaveLength(n);
    return r.search_record;
  });

const setConfig = async (category: string, name: string, value: string) => {
  const r = await rest(stack.url, "PUT", "/api/v1/config", { config: [{ category, name, value }] }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
};

beforeAll(async () => {
  stack = await startTestStack({ env: { CONVERTER_CONCURRENCY: "0", SEARCH_POLL_SEC: "0.2" } });
  db = openContentDb(stack);
  admin = await loginAdmin(stack.url);
  alice = await registerUser(stack.url, "record_alice");
  bob = await registerUser(stack.url, "record_bob");
  carol = await registerUser(stack.url, "record_carol");
  // One public document, indexed by its title (no converter here: the status is set as it would).
  const c = await rest(stack.url, "POST", "/api/v1/category", { title: "物理", enable: true }, admin);
  expect(c.status).toBe(200);
  const category = await db.category.findFirstOrThrow({ where: { title: "物理" } });
  const hash = "5ea4c400000000000000000000000001";
  const a = await db.attachment.create({
    data: { hash, name: "q.pdf", ext: ".pdf", size: 1000n, type: 2, userId: BigInt(alice.id), storageKey: "x/q.pdf" },
  });
  await db.attachmentGrant.create({ data: { attachmentId: a.id, userId: BigInt(alice.id) } });
  const created = await rest(
    stack.url,
    "POST",
    "/api/v1/document",
    {
      category_id: [Number(category.id)],
      document: [{ title: "Quantum computing primer 量子计算入门", attachment_id: Number(a.id) }],
    },
    alice.token,
  );
  expect([created.status, created.json.message]).toEqual([200, undefined]);
  await db.document.updateMany({ where: { attachmentHash: hash }, data: { status: 2, pages: 3 } });
  await eventually(async () => expect((await search("quantum")).total).toBe(1), 15_000);
  await db.searchRecord.deleteMany(); // the wait's searches
});
afterAll(async () => {
  client.close();
  await db?.$disconnect();
  await stack?.stop();
});

test("a search is recorded with its keywords, user, address, page, hits and time; a visitor's with user 0", async () => {
  await search("  Quantum   Computing ", { ip: "127.0.0.2", token: alice.token });
  const visitor = await from("127.0.0.3", `/api/v1/search?wd=${encodeURIComponent("量子计算")}&type=0`);
  expect([visitor.status, visitor.json.total]).toEqual([200, 1]);
  await search("nosuchwordanywhere", { ip: "127.0.0.3" });
  await search("   ", { ip: "127.0.0.3" }); // empty: not a search, not recorded

  const [mine] = await recorded("quantum computing", 1);
  expect(mine).toMatchObject({
    user_id: alice.id,
    username: "record_alice",
    keywords: "Quantum   Computing",
    ip: "127.0.0.2",
    total: 1,
    page: 1,
    type: 0,
  });
  expect(mine?.spend_time).toBeGreaterThanOrEqual(0);
  expect(mine?.spend_time).toBeLessThan(10);
  expect(Math.abs(Date.parse(mine?.created_at ?? "") - Date.now())).toBeLessThan(60_000);
  const [theirs] = await recorded("量子计算", 1);
  expect(theirs).toMatchObject({ user_id: 0, username: "", ip: "127.0.0.3", total: 1 });
  const [nothing] = await recorded("nosuchwordanywhere", 1);
  expect(nothing).toMatchObject({ total: 0, ip: "127.0.0.3" });
  // these three and not the empty one (the set-up's waiting searches, from 127.0.0.1, may still be
  // arriving from the background writer: they are not this test's)
  const ours = (await records("size=100")).search_record.filter((r) => r.ip !== "127.0.0.1");
  expect(ours.map((r) => r.keywords).sort()).toEqual(["Quantum   Computing", "nosuchwordanywhere", "量子计算"]);
});

test("a record keeps the client's User-Agent, which the gateway forwards to the service", async () => {
  const ua = "WenkuRecordTest/1.0 (+https://example.com/bot)";
  const res = await fetch(`${stack.url}/api/v1/document/search?wd=uaprobe`, { headers: { "user-agent": ua } });
  expect(res.status).toBe(200);
  const [row] = await recorded("uaprobe", 1);
  expect(row?.user_agent).toBe(ua);
});

test("while the retention is 0 nothing is recorded", async () => {
  await setConfig("security", "search_record_retention_days", "0");
  try {
    await search("retentionprobe", { token: bob.token });
  } finally {
    await setConfig("security", "search_record_retention_days", "7");
  }
  await search("retentionmarker", { token: bob.token });
  // recorded in order: once the later search is stored, the earlier one would have been too
  await recorded("retentionmarker", 1);
  expect((await records(kw("retentionprobe"))).total).toBe(0);
});

test("staff filter the list by keywords, user, address and type, page through it and order it", async () => {
  await search("pagingword one", { token: carol.token, ip: "127.0.0.4" });
  await search("pagingword two", { token: carol.token, ip: "127.0.0.4", page: 2 });
  await search("pagingword three", { ip: "127.0.0.5" });
  await recorded("pagingword", 3);

  const byCarol = await records(`user_id=${carol.id}`);
  expect(byCarol.search_record.map((r) => r.keywords)).toEqual(["pagingword two", "pagingword one"]); // newest first
  expect(byCarol.search_record[0]?.page).toBe(2);
  const visitors = await records(`user_id=0&${kw("pagingword")}`);
  expect(visitors.search_record.map((r) => r.keywords)).toEqual(["pagingword three"]);
  expect((await records("ip=127.0.0.4")).total).toBe(2);
  expect((await records("ip=127.0.0.")).total).toBeGreaterThanOrEqual(3); // an address's start
  expect((await records(`${kw("PAGINGWORD  Two")}`)).search_record.map((r) => r.keywords)).toEqual(["pagingword two"]);
  expect((await records(`${kw("pagingword")}&type=1`)).total).toBe(0);
  expect((await records(`${kw("pagingword")}&type=0`)).total).toBe(3);

  const page2 = await records(`${kw("pagingword")}&size=2&page=2`);
  expect(page2.total).toBe(3);
  expect(page2.search_record.map((r) => r.keywords)).toEqual(["pagingword one"]);
  const oldest = await records(`${kw("pagingword")}&order=${encodeURIComponent("id asc")}`);
  expect(oldest.search_record.map((r) => r.keywords)).toEqual(["pagingword one", "pagingword two", "pagingword three"]);
  const bad = await rest(stack.url, "GET", "/api/v1/searchrecord/list?order=password", undefined, admin);
  expect([bad.status, bad.json.message]).toEqual([400, "不支持的排序方式：password"]);
});

test("staff delete records; no ids is a 400", async () => {
  await search("deleteme", { ip: "127.0.0.6" });
  await search("keepme", { ip: "127.0.0.6" });
  const [gone] = await recorded("deleteme", 1);
  const del = await rest(stack.url, "DELETE", `/api/v1/searchrecord?id=${gone?.id}`, undefined, admin);
  expect([del.status, del.json.message]).toEqual([200, undefined]);
  expect((await records(kw("deleteme"))).total).toBe(0);
  expect((await records(kw("keepme"))).total).toBe(1);
  const none = await rest(stack.url, "DELETE", "/api/v1/searchrecord", undefined, admin);
  expect([none.status, none.json.message]).toEqual([400, "请选择要删除的搜索记录"]);
});

test("members without the permission are refused (403), visitors must sign in (401)", async () => {
  for (const [method, path] of [
    ["GET", "/api/v1/searchrecord/list"],
    ["DELETE", "/api/v1/searchrecord?id=1"],
  ] as const) {
    expect([method, (await rest(stack.url, method, path, undefined, alice.token)).status]).toEqual([method, 403]);
    expect([method, (await rest(stack.url, method, path)).status]).toEqual([method, 401]);
  }
});

test("popular searches count distinct searchers (at least 3) of searches that found something, for everyone", async () => {
  await db.searchRecord.deleteMany();
  // "computing": four searchers (two members and two visitors), spelled four ways
  await search("Computing", { token: alice.token, ip: "127.0.0.7" });
  await search(" COMPUTING ", { token: bob.token, ip: "127.0.0.7" });
  await search("CoMpUtInG", { ip: "127.0.0.8" });
  await search("computing", { ip: "127.0.0.19" });
  // "primer": one member, five times, from two addresses: one searcher, not popular
  for (let i = 0; i < 5; i++) await search("primer", { token: carol.token, ip: `127.0.0.${9 + (i % 2)}` });
  // "量子计算": three visitors
  for (const ip of ["127.0.0.11", "127.0.0.12", "127.0.0.20"]) await search("量子计算", { ip });
  // "教程": two visitors, one short of popular
  for (const ip of ["127.0.0.21", "127.0.0.22"]) await search("教程", { ip });
  // found nothing: never popular, however many ask
  for (const ip of ["127.0.0.13", "127.0.0.14", "127.0.0.15", "127.0.0.16"]) await search("nothingmatches", { ip });
  await recorded("nothingmatches", 4);
  await recorded("primer", 5);
  await recorded("教程", 2);

  const popular = await rest(stack.url, "GET", "/api/v1/search/popular");
  expect([popular.status, popular.json.message]).toEqual([200, undefined]);
  expect(popular.json.search).toEqual([
    { keywords: "computing", count: 4 },
    { keywords: "量子计算", count: 3 },
  ]);
  const client = createClient(SearchAPI, createConnectTransport({ baseUrl: stack.url, httpVersion: "1.1" }));
  const top = await client.listPopularSearch({ limit: 1 });
  expect(top.search.map((s) => [s.keywords, Number(s.count)])).toEqual([["computing", 4]]);
  const negative = await rest(stack.url, "GET", "/api/v1/search/popular?limit=-1");
  expect([negative.status, negative.json.message]).toEqual([400, "数量不能为负数"]);
});

test("staff hide keywords from the popular searches (as spelled in any way) and show them again, at once", async () => {
  const hidden = "/api/v1/searchrecord/popular/hidden";
  const keywords = async () =>
    ((await rest(stack.url, "GET", "/api/v1/search/popular")).json.search as { keywords: string }[]).map(
      (s) => s.keywords,
    );
  expect(await keywords()).toEqual(["computing", "量子计算"]);

  const hide = await rest(stack.url, "PUT", hidden, { keywords: "  CoMPUTING ", hidden: true }, admin);
  expect([hide.status, hide.json.message]).toEqual([200, undefined]);
  expect(await keywords()).toEqual(["量子计算"]);
  const list = await rest(stack.url, "GET", hidden, undefined, admin);
  expect((list.json.hidden as { keywords: string }[]).map((h) => h.keywords)).toEqual(["computing"]);

  // members and visitors may not
  expect((await rest(stack.url, "PUT", hidden, { keywords: "量子计算", hidden: true }, bob.token)).status).toBe(403);
  expect((await rest(stack.url, "PUT", hidden, { keywords: "量子计算", hidden: true })).status).toBe(401);
  expect((await rest(stack.url, "GET", hidden, undefined, bob.token)).status).toBe(403);
  // empty or too long keywords: 400 naming the field
  for (const [bad, message] of [
    ["   ", "请输入关键词"],
    ["长".repeat(101), "关键词不能超过 100 个字符"],
  ]) {
    const r = await rest(stack.url, "PUT", hidden, { keywords: bad, hidden: true }, admin);
    expect([r.status, r.json.message]).toEqual([400, message]);
  }

  expect((await rest(stack.url, "PUT", hidden, { keywords: "computing", hidden: false }, admin)).status).toBe(200);
  expect(await keywords()).toEqual(["computing", "量子计算"]);
  expect((await rest(stack.url, "GET", hidden, undefined, admin)).json.hidden ?? []).toEqual([]);
});
