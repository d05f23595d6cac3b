// The only module of the file side that touches Prisma: attachments, their grants, the documents' file
// fields (read only) and the downloads table.
import { createLines, isUniqueViolation } from "@wenku/kit";
import type { Db } from "../db.js";
import type { PageDocument } from "./page.cache.js";

export interface NewAttachment {
  hash: string;
  userId: bigint;
  type: number;
  name: string;
  size: bigint;
  ext: string;
  mime: string;
  storageKey: string;
  ip: string;
  /** Pixels, images only. */
  width?: number;
  height?: number;
}

/** What serving a document's files needs to know about it. */
export interface DocumentFile {
  id: bigint;
  userId: bigint;
  title: string;
  ext: string;
  status: number;
  deletedAt: Date | null;
  pages: number;
  preview: number;
  price: number;
  /** A VIP document: VIP members only (the order service checks membership). */
  isVip: boolean;
  attachmentHash: string;
  attachment: { storageKey: string; mime: string; ext: string; enable: boolean };
}

const pageDocumentColumns = {
  id: true,
  userId: true,
  status: true,
  deletedAt: true,
  pages: true,
  preview: true,
  attachmentHash: true,
} as const;

export function createFileRepository(db: Db) {
  const downloadLines = createLines();
  return {
    findAttachmentByHash(hash: string) {
      return db.attachment.findUnique({ where: { hash } });
    },

    /** Inserts the row, or returns null when another upload of the same content inserted it first. */
    async insertAttachment(a: NewAttachment) {
      try {
        return await db.attachment.create({ data: a });
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    /** Points a row at a new object, but only while it still points at `from` (a concurrent repair wins once). */
    async moveAttachment(id: bigint, from: string, to: string): Promise<boolean> {
      const r = await db.attachment.updateMany({ where: { id, storageKey: from }, data: { storageKey: to } });
      return r.count === 1;
    },

    /**
     * Grants the attachment to the user, or renews the grant's time: an upload unused by documents is
     * swept a grace period after its latest grant (attachment.sweep.ts), not after its first upload.
     */
    async grant(attachmentId: bigint, userId: bigint): Promise<void> {
      await db.$executeRaw`
        INSERT INTO attachment_grants (attachment_id, user_id) VALUES (${attachmentId}, ${userId})
        ON CONFLICT (attachment_id, user_id) DO UPDATE SET created_at = now()`;
    },

    /** The columns page serving needs (no join). */
    findPageDocument(id: bigint): Promise<PageDocument | null> {
      return db.document.findUnique({ where: { id }, select: pageDocumentColumns });
    },

    /** The documents made from one file, oldest first (at most 100: one of them is served). */
    findPageDocumentsByHash(hash: string): Promise<PageDocument[]> {
      return db.document.findMany({
        where: { attachmentHash: hash },
        select: pageDocumentColumns,
        orderBy: { id: "asc" },
        take: 100,
      });
    },

    /** id → uuid of these documents, recycled ones too. */
    async documentUuids(ids: readonly bigint[]): Promise<Map<bigint, string>> {
      const rows = await db.document.findMany({ where: { id: { in: [...ids] } }, select: { id: true, uuid: true } });
      return new Map(rows.map((r) => [r.id, r.uuid]));
    },

    async findDocumentFile(id: bigint): Promise<DocumentFile | null> {
      return db.document.findUnique({
        where: { id },
        select: {
          id: true,
          userId: true,
          title: true,
          ext: true,
          status: true,
          deletedAt: true,
          pages: true,
          preview: true,
          price: true,
          isVip: true,
          attachmentHash: true,
          attachment: { select: { storageKey: true, mime: true, ext: true, enable: true } },
        },
      });
    },

    /**
     * Records a download unless a daily limit is reached, and counts it on the document, in one transaction.
     * Per-user and per-IP advisory locks serialise concurrent downloads of the same user or address, so
     * the limits hold under concurrency. Returns which limit refused, or null when recorded.
     */
    async recordDownload(d: {
      documentId: bigint;
      userId: bigint;
      ip: string;
      since: Date;
      perUser: number;
      perIp: number;
    }): Promise<"user" | "ip" | { id: bigint }> {
      // Every download takes its address's lock: in this process they wait in line for it without a
      // connection (a burst from one address held the whole pool waiting on one lock, and the other
      // transactions gave up waiting for a connection).
      return downloadLines.run(d.ip, () =>
        db.$transaction(async (tx) => {
          if (d.userId > 0n) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`download:u:${d.userId}`}))`;
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`download:ip:${d.ip}`}))`;
          if (d.userId > 0n) {
            const n = await tx.download.count({ where: { userId: d.userId, createdAt: { gte: d.since } } });
            if (n >= d.perUser) return "user";
          }
          const n = await tx.download.count({ where: { ip: d.ip, createdAt: { gte: d.since } } });
          if (n >= d.perIp) return "ip";
          const row = await tx.download.create({ data: { documentId: d.documentId, userId: d.userId, ip: d.ip } });
          // raw: a download is not an edit, updated_at stays
          await tx.$executeRaw`UPDATE documents SET download_count = download_count + 1 WHERE id = ${d.documentId}`;
          return { id: row.id };
        }),
      );
    },

    /** A user's downloads, newest first, with what is left of each document (purged: gone with it). */
    async userDownloads(userId: bigint, skip: number, take: number) {
      const [total, rows] = await Promise.all([
        db.download.count({ where: { userId } }),
        db.download.findMany({ where: { userId }, orderBy: { id: "desc" }, skip, take }),
      ]);
      const docs = await db.document.findMany({
        where: { id: { in: [...new Set(rows.map((r) => r.documentId))] } },
        select: { id: true, uuid: true, title: true, ext: true, score: true, size: true, pages: true },
      });
      const byId = new Map(docs.map((d) => [d.id, d]));
      return { total, rows: rows.map((r) => ({ ...r, document: byId.get(r.documentId) ?? null })) };
    },

    /** Whether the user has a recorded download of the document (reading.ts: they read every page). */
    async hasDownloaded(userId: bigint, documentId: bigint): Promise<boolean> {
      return (await db.download.findFirst({ where: { userId, documentId }, select: { id: true } })) !== null;
    },

    /** A recorded download turned out paid (is_pay). */
    async markDownloadPaid(id: bigint): Promise<void> {
      await db.download.update({ where: { id }, data: { isPay: true } });
    },

    /** Takes back a recorded download whose charge failed: it neither counts nor uses the day's limits. */
    async undoDownload(id: bigint, documentId: bigint): Promise<void> {
      await db.$transaction(async (tx) => {
        const { count } = await tx.download.deleteMany({ where: { id } });
        if (count)
          await tx.$executeRaw`UPDATE documents SET download_count = GREATEST(download_count - 1, 0) WHERE id = ${documentId}`;
      });
    },
  };
}

export type FileRepository = ReturnType<typeof createFileRepository>;
