// Searching inside one document (both transports): a real PDF uploaded and converted by MuPDF, then
// GET /api/v1/document/text/search?id=&wd= lists the pages a visitor may read that hold the keyword,
// each with a snippet and the marked occurrences; pages past the preview limit are counted, never shown
// (but to a reader of every page, e.g. the uploader);
// documents a visitor may not see are "not found".
import { createCategory, publishPdf } from "./documents.js";
import { loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let admin: string;
let alice: { token: string; id: number };
let category: number;

beforeAll(async () => {
  stack = await startTestStack();
  admin = await loginAdmin(stack.url);
  alice = await registerUser(stack.url, "textsearch_alice");
  category = await createCategory(stack.url, admin, "文内搜索");
});
afterAll(async () => {
  await stack?.stop();
});

const setPreview = async (value: string) => {
  const config = [{ category: "converter", name: "max_preview", value }];
  const r = await rest(stack.url, "PUT", "/api/v1/config", { config }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
};

const publish = (title: string, pages: number, lines: (n: number) => string[]) =>
  publishPdf(stack.url, alice, category, title, pages, lines);

type Hit = { page: number; snippet: string; highlight?: number[]; count: number };
type Reply = { total?: number; hit?: Hit[]; pages_beyond_preview?: number; message?: string };
const find = async (id: number, wd: string, token?: string) => {
  const r = await rest(
    stack.url,
    "GET",
    `/api/v1/document/text/search?id=${id}&wd=${encodeURIComponent(wd)}`,
    undefined,
    token,
  );
  return { status: r.status, json: r.json as Reply };
};
const marked = (h: Hit | undefined) => {
  const out: string[] = [];
  const m = h?.highlight ?? [];
  for (let i = 0; i + 1 < m.length; i += 2) out.push((h?.snippet ?? "").slice(m[i], m[i + 1]));
  return out;
};

const filler = (n: number) => [`第${n}页 普通说明文字`, `ordinary filler text of page ${n}`];
let doc: number;

test("a word on page 3 of a 5-page PDF is found on page 3, with a snippet and the word marked", async () => {
  await setPreview("0");
  doc = await publish("文内搜索样本", 5, (n) =>
    n === 3 ? ["The Zanzibar clause applies", "桑给巴尔条款 zanzibar again"] : filler(n),
  );
  const r = await find(doc, "ZANZIBAR");
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  expect(r.json.total).toBe(2);
  expect(r.json.hit?.map((h) => [h.page, h.count])).toEqual([[3, 2]]);
  expect(r.json.hit?.[0]?.snippet).toContain("Zanzibar clause");
  expect(marked(r.json.hit?.[0]).map((s) => s.toLowerCase())).toEqual(["zanzibar", "zanzibar"]);
  expect(r.json.pages_beyond_preview ?? 0).toBe(0);

  const cjk = await find(doc, "给巴");
  expect(cjk.json.hit?.map((h) => h.page)).toEqual([3]);
  expect(marked(cjk.json.hit?.[0])).toEqual(["给巴"]);
  // a word on every page: one hit per page, in page order
  const every = await find(doc, "filler text");
  expect(every.json.hit?.map((h) => h.page)).toEqual([1, 2, 4, 5]);
  const none = await find(doc, "nonexistentword");
  expect([none.status, none.json.total ?? 0, none.json.hit ?? []]).toEqual([200, 0, []]);
});

test("a word only on pages past the preview limit is counted, its text never returned", async () => {
  await setPreview("2");
  try {
    const limited = await publish("文内搜索预览", 5, (n) =>
      n >= 4 ? ["secretive quokka memorandum"] : n === 1 ? ["a quokka on page one"] : filler(n),
    );
    const r = await find(limited, "quokka");
    expect([r.status, r.json.message]).toEqual([200, undefined]);
    expect(r.json.hit?.map((h) => h.page)).toEqual([1]);
    expect(r.json.total).toBe(1);
    expect(r.json.pages_beyond_preview).toBe(2);
    const hidden = await find(limited, "memorandum");
    expect([hidden.json.total ?? 0, hidden.json.hit ?? [], hidden.json.pages_beyond_preview]).toEqual([0, [], 2]);
    expect(JSON.stringify(hidden.json)).not.toContain("secretive");
    // its uploader reads every page: found and shown there, and the page past the preview is rendered for her
    const own = await find(limited, "memorandum", alice.token);
    expect([own.json.hit?.map((h) => h.page), own.json.pages_beyond_preview ?? 0]).toEqual([[4, 5], 0]);
    const page = (token?: string) =>
      fetch(`${stack.url}/view/page/${limited}/4.svg`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    expect((await page()).status).toBe(404);
    const mine = await page(alice.token);
    expect([mine.status, mine.headers.get("cache-control")]).toEqual([200, "private, no-store"]);
    expect(await mine.text()).toMatch(/<svg/);
  } finally {
    await setPreview("0");
  }
});

test("a disabled document is not found for a visitor; its owner and staff still search it", async () => {
  const check = async (status: number) => {
    const r = await rest(stack.url, "PUT", "/api/v1/document/check", { id: [doc], status }, admin);
    expect([r.status, r.json.message]).toEqual([200, undefined]);
  };
  await check(4);
  try {
    const visitor = await find(doc, "zanzibar");
    expect([visitor.status, visitor.json.message]).toEqual([404, "文档不存在"]);
    expect(JSON.stringify(visitor.json)).not.toContain("clause");
    expect((await find(doc, "zanzibar", alice.token)).json.hit?.map((h) => h.page)).toEqual([3]);
    expect((await find(doc, "zanzibar", admin)).json.hit?.map((h) => h.page)).toEqual([3]);
  } finally {
    await check(2);
  }
  expect((await find(doc, "zanzibar")).status).toBe(200);
});

test("a missing document is not found; an empty or too long keyword is a 400 with a message", async () => {
  expect((await find(987654321, "zanzibar")).json.message).toBe("文档不存在");
  expect((await find(987654321, "zanzibar")).status).toBe(404);
  expect(await find(doc, "   ")).toEqual({
    status: 400,
    json: expect.objectContaining({ message: "请输入搜索关键词" }),
  });
  const long = await find(doc, "字".repeat(101));
  expect([long.status, long.json.message]).toEqual([400, "搜索关键词不能超过100个字符"]);
});
