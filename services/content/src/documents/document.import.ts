// ImportDocument (internal): a file streamed by another service (the spider, imports) published as a
// document of a chosen owner, through the same steps as an upload followed by CreateDocument.

import { normalizeExtension } from "@wenku/converter/contract";
import { DomainError } from "@wenku/kit";
import type { ImportDocumentChunk } from "@wenku/proto/api/v1/content_internal_pb.js";
import { sanitizeFileName } from "../files/file.rules.js";
import { type UploadService, uploadMessages } from "../files/upload.service.js";
import type { UserDirectory } from "../ports.js";
import type { DocumentService } from "./document.service.js";

export const importMessages = {
  noOwner: "请指定文档的上传者",
  unknownOwner: "上传者不存在",
  badCategory: "文档分类编号须为正数",
  badLanguage: "文档语言编号不能为负数",
  noSize: "请声明文件大小",
} as const;

const bad = (message: string) => new DomainError("invalid_argument", message);

/** What ImportDocument answers: the document made (or the live one already holding the file). */
export interface Imported {
  id: bigint;
  duplicate: boolean;
  hash: string;
}

export interface DocumentImportDeps {
  documents: Pick<DocumentService, "checkImport" | "createImported">;
  uploads: Pick<UploadService, "checkFile" | "importFile">;
  users: Pick<UserDirectory, "users">;
}

export function createDocumentImport(deps: DocumentImportDeps) {
  /** The bytes after the header; a second header is a protocol error. */
  async function* data(rest: AsyncIterator<ImportDocumentChunk>): AsyncGenerator<Buffer> {
    for (;;) {
      const r = await rest.next();
      if (r.done) return;
      if (r.value.part.case !== "data") throw bad(uploadMessages.headerFirst);
      if (r.value.part.value.length > 0) yield Buffer.from(r.value.part.value);
    }
  }

  return {
    /**
     * Every header rule is checked before a byte is read; the file is then stored as an upload stores
     * it and the document created as CreateDocument creates it (duplicate: see createImported).
     */
    async import(parts: AsyncIterable<ImportDocumentChunk>): Promise<Imported> {
      const it = parts[Symbol.asyncIterator]();
      const first = await it.next();
      if (first.done || first.value.part.case !== "header") throw bad(uploadMessages.headerFirst);
      const h = first.value.part.value;
      if (h.userId <= 0n) throw bad(importMessages.noOwner);
      if (h.categoryId.some((id) => id <= 0n)) throw bad(importMessages.badCategory);
      if (h.languageId < 0n) throw bad(importMessages.badLanguage);
      if (h.size <= 0n) throw bad(importMessages.noSize);
      const raw = normalizeExtension(h.ext);
      const ext = /^[a-z0-9]{1,16}$/.test(raw) ? `.${raw}` : "";
      if (!ext) throw bad(uploadMessages.badExt(h.ext.slice(0, 20)));
      // Beyond the upload limit (a number too large to be exact included): refused by checkFile.
      const size = h.size > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(h.size);
      await deps.uploads.checkFile(ext, size);
      if (!(await deps.users.users([h.userId])).has(h.userId)) throw bad(importMessages.unknownOwner);
      const item = {
        title: h.title,
        categoryId: h.categoryId,
        languageId: h.languageId,
        price: h.price,
        sourceUrl: h.sourceUrl,
      };
      await deps.documents.checkImport(h.userId, item);

      const name = sanitizeFileName(`${h.title}${ext}`);
      const file = await deps.uploads.importFile({ userId: h.userId, name, ext }, size, data(it));
      return deps.documents.createImported(h.userId, file.id, item);
    },
  };
}

export type DocumentImport = ReturnType<typeof createDocumentImport>;
