// Publishing one downloaded spider document: its file streamed from storage to the content service's
// import (ports.ts DocumentImporter) as the URL's owner with its categories, language and price. A file
// content already holds is linked to that document, not stored twice (the importer's `duplicate`).
import { ConnectError } from "@connectrpc/connect";
import type { Storage } from "@wenku/kit/storage";
import type { DocRow } from "../documents/document.repository.js";
import type { DocumentImporter } from "../ports.js";
import type { UrlRow } from "../urls/url.repository.js";

export const publishMessages = {
  noFile: "文件尚未下载，请先重新下载",
  noCategory: "采集网址未设置分类，请先为其选择分类",
  failed: (why: string) => `发布失败：${why}`,
} as const;

export type PublishOutcome = { documentId: bigint } | { problem: string };

export async function publishDocument(
  d: { importer: DocumentImporter; storage: Storage },
  doc: DocRow,
  url: UrlRow,
): Promise<PublishOutcome> {
  if (!doc.storageKey || doc.size <= 0n) return { problem: publishMessages.noFile };
  if (!url.categoryIds.length) return { problem: publishMessages.noCategory };
  let body: NodeJS.ReadableStream;
  try {
    body = await d.storage.get(doc.storageKey);
  } catch {
    return { problem: publishMessages.noFile };
  }
  try {
    const got = await d.importer.import(
      {
        userId: url.userId,
        title: doc.title,
        ext: doc.ext,
        categoryId: url.categoryIds,
        languageId: url.languageId,
        price: url.price,
        sourceUrl: doc.url,
        size: doc.size,
      },
      body as AsyncIterable<Uint8Array>,
    );
    return { documentId: got.documentId };
  } catch (err) {
    // the content service's refusal is written for people (the owner is disabled, a category is gone …)
    if (err instanceof ConnectError) return { problem: publishMessages.failed(err.rawMessage) };
    throw err;
  }
}
