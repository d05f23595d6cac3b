// Documents for the system tests: a category to file them in, and real PDFs uploaded, created and
// converted through the public API (as a browser does), for the tests that read, search or list them.
import { makePdf } from "@wenku/testkit/documents";
import { eventually, rest } from "./testing.js";

/** Creates an enabled document category as staff; returns its id. */
export async function createCategory(url: string, admin: string, title: string): Promise<number> {
  const created = await rest(url, "POST", "/api/v1/category", { title, enable: true }, admin);
  expect(created.status).toBe(200);
  const cats = await rest(url, "GET", "/api/v1/category/list", undefined, admin);
  const id = (cats.json.category as Array<{ id: number; title: string }>).find((c) => c.title === title)?.id;
  if (!id) throw new Error(`category ${title} was not created`);
  return id;
}

/**
 * Uploads a PDF of `pages` pages whose page n holds lines(n) as `user`, creates the document in
 * `category` and waits until it is converted; returns its id.
 */
export async function publishPdf(
  url: string,
  user: { token: string; id: number },
  category: number,
  title: string,
  pages: number,
  lines: (n: number) => string[],
): Promise<number> {
  return publishFile(url, user, category, title, makePdf({ pages, lines }));
}

/**
 * Uploads `pdf` (or another document named `fileName`) as `user`, creates the document in `category`
 * (in `language`, a language code, when given) and waits until it is converted; returns its id.
 */
export async function publishFile(
  url: string,
  user: { token: string; id: number },
  category: number,
  title: string,
  pdf: Uint8Array,
  language?: string,
  fileName = `${title}.pdf`,
): Promise<number> {
  const form = new FormData();
  form.append("file", new Blob([pdf]), fileName);
  const up = await fetch(`${url}/api/v1/upload/document`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${user.token}` },
  });
  const uploaded = (await up.json()) as { data: { id: number } };
  expect(up.status).toBe(200);
  const created = await rest(
    url,
    "POST",
    "/api/v1/document",
    {
      category_id: [category],
      document: [{ title, attachment_id: uploaded.data.id, ...(language ? { language } : {}) }],
    },
    user.token,
  );
  expect([created.status, created.json.message]).toEqual([200, undefined]);
  const mine = await rest(url, "GET", `/api/v1/document/list?user_id=${user.id}&size=1`, undefined, user.token);
  const id = (mine.json.document as Array<{ id: number }>)[0]?.id as number;
  await eventually(async () => {
    const doc = await rest(url, "GET", `/api/v1/document?id=${id}`);
    expect(doc.json.status).toBe(2);
  }, 90_000);
  return id;
}
