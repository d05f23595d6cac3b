// Rows ↔ the contract's messages.
import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import {
  type SpiderDocument,
  SpiderDocumentSchema,
  type SpiderUrl,
  SpiderUrlSchema,
} from "@wenku/proto/api/v1/spider_pb.js";
import type { DocRow } from "./documents/document.repository.js";
import type { UrlRow } from "./urls/url.repository.js";

export function toSpiderUrl(row: UrlRow): SpiderUrl {
  return create(SpiderUrlSchema, {
    id: row.id,
    url: row.url,
    title: row.title,
    status: row.status,
    error: row.error,
    total: row.total,
    categoryId: row.categoryIds,
    languageId: row.languageId,
    price: row.price,
    interval: row.interval,
    depth: row.depth,
    userId: row.userId,
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
    crawledAt: row.crawledAt ? timestampFromDate(row.crawledAt) : undefined,
  });
}

export function toSpiderDocument(row: DocRow): SpiderDocument {
  return create(SpiderDocumentSchema, {
    id: row.id,
    spiderUrlId: row.spiderUrlId,
    title: row.title,
    url: row.url,
    status: row.status,
    error: row.error,
    ext: row.ext,
    size: row.size,
    documentId: row.documentId,
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
  });
}
