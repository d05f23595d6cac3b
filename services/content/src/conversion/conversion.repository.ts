// The only module that touches Prisma for conversion: documents' conversion columns (by file hash),
// attachment_texts, the conversion log, and the documents a restart must ask again for. Status values:
// DocStatus.
import { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";
import { DocStatus } from "../documents/visibility.js";

const { pending, converting, converted, failed, reconvert, pendingReview } = DocStatus;

export interface ConvertedColumns {
  pages: number;
  preview: number;
  width: number;
  height: number;
  previewExt: string;
  enableGzip: boolean;
  /** Set where the description is empty. */
  description: string;
  /** The language the text is in (detected), set where the uploader left the language empty. */
  languageId: bigint | null;
}

export interface TextColumns {
  previewText: string;
  content: string;
  truncated: boolean;
  /** Keep the stored content (an earlier conversion's, maybe corrected by an admin): preview text only. */
  previewOnly: boolean;
}

export interface StrandedDocument {
  id: bigint;
  attachmentHash: string;
  ext: string;
  title: string;
  status: number;
  storageKey: string;
  updatedAt: Date;
}

type Ids = Array<{ id: bigint }>;
const list = (statuses: readonly number[]) => Prisma.join([...statuses]);

export function createConversionRepository(db: Db) {
  return {
    /** The enabled language with this code (compared case-insensitively), if the site has it. */
    async enabledLanguage(code: string): Promise<bigint | null> {
      const row = await db.language.findFirst({
        where: { code: { equals: code, mode: "insensitive" }, enable: true },
        select: { id: true },
      });
      return row?.id ?? null;
    },

    /** Live documents of the file waiting in `from` → converting; their ids. */
    /** Whether a live document of the file is in one of `statuses` (someone still waits for a conversion). */
    async anyIn(hash: string, statuses: readonly number[]): Promise<boolean> {
      const rows = await db.$queryRaw<Ids>`
        SELECT id FROM documents
        WHERE attachment_hash = ${hash} AND deleted_at IS NULL AND status IN (${list(statuses)})
        LIMIT 1`;
      return rows.length > 0;
    },

    async markStarted(hash: string, from: readonly number[]): Promise<bigint[]> {
      const rows = await db.$queryRaw<Ids>`
        UPDATE documents SET status = ${converting}, updated_at = now()
        WHERE attachment_hash = ${hash} AND deleted_at IS NULL AND status IN (${list(from)})
        RETURNING id`;
      return rows.map((r) => r.id);
    },

    /**
     * One transaction: live documents of the file waiting for it (pending, converting, failed,
     * reconvert) become converted; pending-review ones get the same columns and keep their status;
     * the file's text is stored. Returns the documents updated.
     */
    markConverted: (hash: string, c: ConvertedColumns, text: TextColumns): Promise<bigint[]> =>
      db.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<Ids>`
          UPDATE documents SET
            status = CASE WHEN status = ${pendingReview} THEN status ELSE ${converted} END,
            pages = ${c.pages}, preview = ${c.preview}, width = ${c.width}, height = ${c.height},
            preview_ext = ${c.previewExt}, enable_gzip = ${c.enableGzip}, convert_error = '',
            description = CASE WHEN description = '' THEN ${c.description} ELSE description END,
            language_id = COALESCE(language_id, ${c.languageId}::bigint),
            updated_at = now()
          WHERE attachment_hash = ${hash} AND deleted_at IS NULL
            AND status IN (${list([pending, converting, failed, reconvert, pendingReview])})
          RETURNING id`;
        await tx.$executeRaw`INSERT INTO conversion_log (hash, ok, documents) VALUES (${hash}, true, ${rows.length})`;
        // Only for a file that still exists (the row is its foreign key).
        if (text.previewOnly) {
          await tx.$executeRaw`
            INSERT INTO attachment_texts (hash, preview_text, content, truncated, updated_at)
            SELECT ${hash}, ${text.previewText}, ${text.content}, ${text.truncated}, now()
            WHERE EXISTS (SELECT 1 FROM attachments WHERE hash = ${hash})
            ON CONFLICT (hash) DO UPDATE SET preview_text = EXCLUDED.preview_text, updated_at = now()`;
        } else {
          await tx.$executeRaw`
            INSERT INTO attachment_texts (hash, preview_text, content, truncated, updated_at)
            SELECT ${hash}, ${text.previewText}, ${text.content}, ${text.truncated}, now()
            WHERE EXISTS (SELECT 1 FROM attachments WHERE hash = ${hash})
            ON CONFLICT (hash) DO UPDATE SET preview_text = EXCLUDED.preview_text, content = EXCLUDED.content,
              truncated = EXCLUDED.truncated, updated_at = now()`;
        }
        return rows.map((r) => r.id);
      }),

    /**
     * Pages recognised by OCR after the conversion: the file's text is stored again, documents of the
     * file without a description get one, those without a language get `languageId` (detected in the
     * recognised text; null: none), and every live document of the file is indexed again (its page
     * texts changed; the index reads them from storage). Returns the documents touched.
     */
    applyRecognized: (
      hash: string,
      t: { previewText: string; content: string; description: string; languageId: bigint | null },
    ) =>
      db.$transaction(async (tx) => {
        await tx.$executeRaw`
          UPDATE attachment_texts SET preview_text = ${t.previewText}, content = ${t.content}, updated_at = now()
          WHERE hash = ${hash}`;
        const rows = await tx.$queryRaw<Ids>`
          UPDATE documents SET
            description = CASE WHEN description = '' THEN ${t.description} ELSE description END,
            language_id = COALESCE(language_id, ${t.languageId}::bigint),
            search_version = nextval('search_version_seq'), updated_at = now()
          WHERE attachment_hash = ${hash} AND deleted_at IS NULL
          RETURNING id`;
        return rows.map((r) => r.id);
      }),

    /**
     * Final failure: live documents of the file still waiting for it become failed with `message`;
     * pending-review ones keep their status and get the message.
     */
    markFailed: (hash: string, message: string): Promise<bigint[]> =>
      db.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<Ids>`
          UPDATE documents SET
            status = CASE WHEN status = ${pendingReview} THEN status ELSE ${failed} END,
            convert_error = ${message}, updated_at = now()
          WHERE attachment_hash = ${hash} AND deleted_at IS NULL
            AND status IN (${list([pending, converting, failed, reconvert, pendingReview])})
          RETURNING id`;
        await tx.$executeRaw`INSERT INTO conversion_log (hash, ok, documents) VALUES (${hash}, false, ${rows.length})`;
        return rows.map((r) => r.id);
      }),

    /** A failed attempt that will be retried: the message only, for documents still waiting (status kept). */
    async noteAttempt(hash: string, message: string): Promise<void> {
      await db.$executeRaw`
        UPDATE documents SET convert_error = ${message}, updated_at = now()
        WHERE attachment_hash = ${hash} AND deleted_at IS NULL
          AND status IN (${list([pending, converting, reconvert])})`;
    },

    /** The language code of each of the documents that has a language (and a code a job accepts). */
    async languagesOf(documentIds: readonly bigint[]): Promise<Map<bigint, string>> {
      if (!documentIds.length) return new Map();
      const rows = await db.$queryRaw<Array<{ id: bigint; code: string }>>`
        SELECT d.id, l.code FROM documents d JOIN languages l ON l.id = d.language_id
        WHERE d.id IN (${Prisma.join([...documentIds])})`;
      return new Map(rows.filter((r) => /^[A-Za-z0-9_-]{1,16}$/.test(r.code)).map((r) => [r.id, r.code]));
    },

    /** Categories linked to any of the documents. */
    async categoriesOf(documentIds: readonly bigint[]): Promise<bigint[]> {
      if (!documentIds.length) return [];
      const rows = await db.documentCategory.findMany({
        where: { documentId: { in: [...documentIds] } },
        select: { categoryId: true },
        distinct: ["categoryId"],
      });
      return rows.map((r) => r.categoryId);
    },

    /**
     * Live documents that wait for a conversion (pending, converting, reconvert, and pending-review
     * ones never converted nor failed), `limit` at a time after id `after`.
     */
    stranded: (after: bigint, limit: number): Promise<StrandedDocument[]> =>
      db.$queryRaw<StrandedDocument[]>`
        SELECT d.id, d.attachment_hash AS "attachmentHash", d.ext, d.title, d.status::int AS status,
          a.storage_key AS "storageKey", d.updated_at AS "updatedAt"
        FROM documents d JOIN attachments a ON a.hash = d.attachment_hash
        WHERE d.deleted_at IS NULL AND d.id > ${after}
          AND (d.status IN (${list([pending, converting, reconvert])})
            OR (d.status = ${pendingReview} AND d.pages = 0 AND d.convert_error = ''))
        ORDER BY d.id
        LIMIT ${limit}`,
  };
}
export type ConversionRepository = ReturnType<typeof createConversionRepository>;
