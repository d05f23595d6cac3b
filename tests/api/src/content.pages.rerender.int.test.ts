// Pages past the preview that were never drawn (both transports): a document converted before every
// page was rendered has page images only up to its preview. Made here from a real conversion whose
// later pages (images, text layers) are deleted from storage and whose manifest says so. A reader of
// everything asking for such a page is told it is being drawn (503) and gets it after the converter's
// forced re-render; one reader's repeated asks queue one conversion; a reader held to the preview
// still gets the preview-ended answer (404) and queues nothing.
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { makePdf } from "@wenku/testkit/documents";
import { type ContentDb, openContentDb } from "./db.js";
import { createCategory, publishFile } from "./documents.js";
import { eventually, loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let db: ContentDb;
let admin: string;
let alice: { token: string; id: number };
let carol: { token: string; id: number };

beforeAll(async () => {
  stack = await startTestStack();
  db = openContentDb(stack);
  admin = await loginAdmin(stack.url);
  alice = await registerUser(stack.url, "rerender_alice");
  carol = await registerUser(stack.url, "rerender_carol");
  const set = await rest(
    stack.url,
    "PUT",
    "/api/v1/config",
    { config: [{ category: "converter", name: "max_preview", value: "2" }] },
    admin,
  );
  expect([set.status, set.json.message]).toEqual([200, undefined]);
});
afterAll(async () => {
  await db?.$disconnect();
  await stack?.stop();
});

const page = (id: number, n: number, token?: string, suffix = ".svg") =>
  fetch(`${stack.url}/view/page/${id}/${n}${suffix}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

/** Turns a converted file's outputs into those of a conversion that drew only pages 1…kept. */
async function forgetPagesAfter(hash: string, kept: number, pages: number): Promise<void> {
  const dir = join(stack.storageDir, "documents", hash);
  for (let n = kept + 1; n <= pages; n++)
    for (const name of [`page-${n}.svg`, `page-${n}.gzip.svg`, `page-${n}.text.json`])
      await rm(join(dir, name), { force: true });
  const manifest = JSON.parse(await readFile(join(dir, "manifest.json"), "utf8")) as Record<string, unknown>;
  await writeFile(join(dir, "manifest.json"), JSON.stringify({ ...manifest, rendered: kept, textLayerPages: kept }));
  expect((await readdir(dir)).filter((f) => /^page-\d+\.svg$/.test(f)).sort()).toEqual(["page-1.svg", "page-2.svg"]);
}

test("a reader of everything gets a page never drawn after a forced re-render; a preview reader does not", async () => {
  const category = await createCategory(stack.url, admin, "旧转换");
  const pdf = makePdf({ pages: 4, lines: (n) => [`Rerender page ${n} lighthouse`] });
  const id = await publishFile(stack.url, alice, category, "旧文档", pdf);
  const doc = await db.document.findUniqueOrThrow({ where: { id: BigInt(id) } });
  expect([doc.pages, doc.preview]).toEqual([4, 2]);
  await forgetPagesAfter(doc.attachmentHash, 2, 4);
  const conversions = () => db.conversionLog.count({ where: { hash: doc.attachmentHash } });
  expect(await conversions()).toBe(1);

  // carol may read the preview only: the preview-ended answer, no re-render
  const held = await page(id, 3, carol.token);
  expect([held.status, ((await held.json()) as { message?: string }).message]).toEqual([404, "页面不存在"]);

  // alice uploaded it: told the page is being drawn, however often she asks (one conversion queued)
  const first = await page(id, 4, alice.token);
  const told = (await first.json()) as { code?: number; message?: string };
  expect([first.status, told.code, told.message]).toEqual([503, 14, "该页正在生成，请稍后刷新"]);
  for (const n of [4, 3, 4]) {
    const res = await page(id, n, alice.token, ".gzip.svg");
    expect([503, 200]).toContain(res.status); // 200 once the (fast) re-render has drawn it
    await res.arrayBuffer();
  }
  const drawn = await eventually(async () => {
    const res = await page(id, 4, alice.token);
    expect(res.status).toBe(200);
    return res.text();
  }, 90_000);
  expect(drawn).toMatch(/^<svg /);
  expect((await page(id, 3, alice.token)).status).toBe(200);
  const text = await page(id, 4, alice.token, ".text.json");
  expect([text.status, await text.text()]).toEqual([200, expect.stringContaining("lighthouse")]);
  await eventually(async () => expect(await conversions()).toBe(2), 30_000);
  // the document itself is untouched: still converted, same preview
  const after = await db.document.findUniqueOrThrow({ where: { id: BigInt(id) } });
  expect([after.status, after.pages, after.preview]).toEqual([2, 4, 2]);
  // past the preview stays private: carol still gets the preview-ended answer
  expect((await page(id, 4, carol.token)).status).toBe(404);
});
