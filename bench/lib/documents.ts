// A real converted document for a site bench: a generated PDF uploaded, created and converted through
// the public API (upload → create → poll until converted), as a user of the site would make one.
import { setTimeout as sleep } from "node:timers/promises";
import { makePdf } from "@wenku/testkit/documents";
import { api, type BenchSite } from "./site.js";

export interface ConvertedDocument {
  id: number;
  /** The attachment's hash: page images are also served under /view/page/{hash}/{n}.svg. */
  hash: string;
}

/** A PDF of `pages` pages: 28 lines of Chinese and Latin text each, and vector shapes. */
export function benchPdf(pages: number): Uint8Array {
  const lines = (n: number) =>
    Array.from({ length: 28 }, (_, i) =>
      i % 2 === 0
        ? `第${n}页第${i + 1}行：数字文库把上传的文档转换为矢量页面，供在线阅读。`
        : `Page ${n}, line ${i + 1}: the quick brown fox jumps over the lazy dog.`,
    );
  return makePdf({ pages, lines, shapes: true });
}

/** Uploads `pdf` as the admin, files it as `title` under the bench category, waits until it is converted. */
export async function convertedDocument(
  site: Pick<BenchSite, "url" | "token" | "category">,
  pdf: Uint8Array,
  title: string,
  timeoutMs = 120_000,
): Promise<ConvertedDocument> {
  const { url, token } = site;
  const form = new FormData();
  form.append("file", new Blob([pdf], { type: "application/pdf" }), "bench.pdf");
  const upload = await fetch(`${url}/api/v1/upload/document`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const uploaded = (await upload.json()) as { data?: { id: number; hash: string }; message?: string };
  if (!upload.ok || !uploaded.data) throw new Error(`upload: HTTP ${upload.status} ${uploaded.message}`);
  await api(
    url,
    "POST",
    "/api/v1/document",
    { category_id: [site.category], document: [{ title, attachment_id: uploaded.data.id }] },
    token,
  );
  const list = await api(url, "GET", "/api/v1/document/list?page=1&size=1&order=id%20desc", undefined, token);
  const id = (list.document as Array<{ id: number }>)[0]?.id;
  if (!id) throw new Error("the document was not created");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const doc = await api(url, "GET", `/api/v1/document?id=${id}`, undefined, token);
    if (doc.status === 2) break;
    if (doc.status === 3) throw new Error(`conversion failed: ${doc.convert_error}`);
    if (Date.now() > deadline) throw new Error(`not converted after ${timeoutMs / 1000} s (status ${doc.status})`);
    await sleep(250);
  }
  return { id, hash: uploaded.data.hash };
}
