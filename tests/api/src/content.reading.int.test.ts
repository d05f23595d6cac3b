// ReadingAPI over REST on the real stack (both transports): a signed-in reader's last page per
// document, bounds of the page, own rows only, the history newest first without documents the reader
// can no longer open, removal, visitors refused.
import {
  admin,
  alice,
  attachment,
  bob,
  call,
  carol,
  category,
  convert,
  createDocs,
  setupDocumentSite,
} from "./documents.fixture.js";

setupDocumentSite();

type Progress = { document_id: number; page?: number; title?: string; document_uuid?: string };
const save = (document_id: number, page: number, token: string) =>
  call("PUT", "/api/v1/reading/progress", { document_id, page }, token);
const progress = async (id: number, token: string) => {
  const r = await call("GET", `/api/v1/reading/progress?document_id=${id}`, undefined, token);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json.page ?? 0;
};
const history = async (token: string) => {
  const r = await call("GET", "/api/v1/reading/history?size=50", undefined, token);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as { total: number; history?: Progress[] };
};

async function doc(title: string, pages = 10): Promise<number> {
  const [d] = await createDocs(alice, {
    category_id: [await category(`阅读分类${title}`)],
    document: [{ attachment_id: await attachment(alice.id), title }],
  });
  await convert(d?.id as bigint, pages);
  return Number(d?.id);
}

test("the last page is kept per reader and document, and moves as they read", async () => {
  const id = await doc("阅读进度");
  expect(await progress(id, bob.token)).toBe(0);
  expect((await save(id, 3, bob.token)).status).toBe(200);
  expect((await save(id, 7, bob.token)).status).toBe(200);
  expect(await progress(id, bob.token)).toBe(7);
  expect(await progress(id, carol.token)).toBe(0); // another reader's
  for (const page of [0, 11, -2]) {
    const r = await save(id, page, bob.token);
    expect([r.status, r.json.message]).toEqual([400, "页码超出文档范围"]);
  }
  expect(await progress(id, bob.token)).toBe(7);
  expect((await save(id, 1, "")).status).toBe(401);
  expect((await call("GET", `/api/v1/reading/progress?document_id=${id}`)).status).toBe(401);
});

test("history: newest first, with titles; hidden documents left out; removal of one's own", async () => {
  const first = await doc("先读的");
  const second = await doc("后读的");
  expect((await save(first, 2, carol.token)).status).toBe(200);
  await new Promise((r) => setTimeout(r, 20));
  expect((await save(second, 5, carol.token)).status).toBe(200);
  const h = await history(carol.token);
  expect(h.history?.slice(0, 2).map((x) => [x.document_id, x.page, x.title])).toEqual([
    [second, 5, "后读的"],
    [first, 2, "先读的"],
  ]);
  expect(h.history?.[0]?.document_uuid).toMatch(/^[0-9a-f]{16}$/);
  expect((await history(bob.token)).history?.map((x) => x.document_id) ?? []).not.toContain(second);

  // in the recycle bin: out of the history, back when restored
  expect((await call("DELETE", `/api/v1/document?id=${second}`, undefined, alice.token)).status).toBe(200);
  expect((await history(carol.token)).history?.map((x) => x.document_id)).not.toContain(second);
  expect((await save(second, 1, carol.token)).status).toBe(404);
  expect((await call("PUT", "/api/v1/document/recycle", { id: [second] }, admin)).status).toBe(200);
  expect((await history(carol.token)).history?.map((x) => x.document_id)).toContain(second);

  expect((await call("DELETE", `/api/v1/reading/history?document_id=${first}`, undefined, carol.token)).status).toBe(
    200,
  );
  expect((await history(carol.token)).history?.map((x) => x.document_id)).toEqual([second]);
  expect((await call("DELETE", "/api/v1/reading/history", undefined, carol.token)).status).toBe(400);
});
