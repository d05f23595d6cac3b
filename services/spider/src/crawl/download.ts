// One download of one spider document, for the run its worker claimed: allowed by robots.txt, polite
// (polite.ts), refused when the answer is not the file (an HTTP error, a web page for a .pdf, first bytes
// that are not the format's), streamed into storage under spider/ with the size capped and the MD5
// computed on the way (kit storage), never held in memory.
import { Readable } from "node:stream";
import { FetchRefused } from "@wenku/kit/net";
import { type Storage, StorageError } from "@wenku/kit/storage";
import type { DocRow } from "../documents/document.repository.js";
import type { PoliteFetcher } from "./polite.js";
import { declaredProblem, headProblem, SNIFF_BYTES } from "./sniff.js";

export const downloadMessages = {
  robots: "robots.txt 不允许下载该文件",
  status: (status: number) => `对方服务器返回了错误（HTTP ${status}）`,
  empty: "文件是空的",
} as const;

export type DownloadOutcome = { size: bigint; hash: string; storageKey: string } | { problem: string };

/** Where a spider document's file is kept until (and after) it is published. */
export const storageKeyOf = (doc: Pick<DocRow, "id" | "ext">) => `spider/${doc.id}.${doc.ext || "bin"}`;

/** The body's first `n` bytes (fewer at its end) and the stream of the whole body, those bytes first. */
async function peek(body: Readable, n: number): Promise<{ head: Buffer; whole: Readable }> {
  const taken: Buffer[] = [];
  let size = 0;
  const it = body[Symbol.asyncIterator]();
  while (size < n) {
    const next = await it.next();
    if (next.done) break;
    taken.push(next.value as Buffer);
    size += (next.value as Buffer).length;
  }
  const head = Buffer.concat(taken);
  async function* all() {
    yield head;
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      yield next.value as Buffer;
    }
  }
  return { head, whole: Readable.from(all()) };
}

export async function downloadDocument(
  d: { polite: PoliteFetcher; storage: Storage; fileMaxBytes: number },
  doc: DocRow,
  intervalMs: number,
  signal?: AbortSignal,
): Promise<DownloadOutcome> {
  try {
    if (!(await d.polite.allowed(doc.url, intervalMs, signal))) return { problem: downloadMessages.robots };
    const opts = { intervalMs, maxBytes: d.fileMaxBytes, headers: { accept: "*/*" }, signal };
    return await d.polite.request(doc.url, opts, async (a): Promise<DownloadOutcome> => {
      if (a.status < 200 || a.status > 299) return { problem: downloadMessages.status(a.status) };
      const declared = declaredProblem(a.contentType, doc.ext);
      if (declared) return { problem: declared };
      const { head, whole } = await peek(a.body, SNIFF_BYTES);
      if (!head.length) return { problem: downloadMessages.empty };
      const sniffed = headProblem(head, doc.ext);
      if (sniffed) {
        whole.destroy();
        return { problem: sniffed };
      }
      const key = storageKeyOf(doc);
      const put = await d.storage.put(key, whole, { maxBytes: d.fileMaxBytes });
      return { size: BigInt(put.size), hash: put.md5, storageKey: key };
    });
  } catch (err) {
    if (signal?.aborted) throw err; // stopping: the job comes back, it did not fail
    if (err instanceof FetchRefused) return { problem: err.message };
    if (err instanceof StorageError && err.code === "too_large") {
      return { problem: `文件超过 ${Math.round(d.fileMaxBytes / 1024 / 1024)} MB` };
    }
    throw err;
  }
}
