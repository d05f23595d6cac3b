// Attachments as the admin pages see them (AttachmentAPI) and as the sweeper of unused uploads
// removes them: the only Prisma access for those.

import { AttachmentType } from "@wenku/proto/api/v1/enums_pb.js";
import type { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";

export interface AttachmentFilter {
  wd: string;
  enable: boolean[];
  userId: bigint[];
  type: number[];
  ext: string;
}

/** A document upload the sweeper removed: what its stored files are named by. */
export interface SweptAttachment {
  id: bigint;
  hash: string;
  storageKey: string;
}

/** Which uploads are past their grace (attachment.sweep.ts says why). */
export interface SweepCutoffs {
  /** Never-used uploads whose latest upload is older than this; null: the unused sweep is off. */
  unusedBefore: Date | null;
  /** Released uploads released at or before this. */
  releasedBefore: Date;
}

export function createAttachmentRepository(db: Db) {
  const where = (f: AttachmentFilter): Prisma.AttachmentWhereInput => ({
    ...(f.wd ? { OR: [{ name: { contains: f.wd, mode: "insensitive" } }, { hash: f.wd.toLowerCase() }] } : {}),
    // both values (or none) asked: no filter
    ...(new Set(f.enable).size === 1 ? { enable: f.enable[0] as boolean } : {}),
    ...(f.userId.length ? { userId: { in: f.userId } } : {}),
    ...(f.type.length ? { type: { in: f.type } } : {}),
    ...(f.ext ? { ext: f.ext } : {}),
  });
  return {
    async list(f: AttachmentFilter, skip: number, take: number) {
      const w = where(f);
      const [total, rows] = await Promise.all([
        db.attachment.count({ where: w }),
        db.attachment.findMany({ where: w, orderBy: [{ id: "desc" }], skip, take }),
      ]);
      return { total, rows };
    },
    get(id: bigint) {
      return db.attachment.findUnique({ where: { id } });
    },
    /** The first live document using each file (by hash): what a document upload belongs to. */
    async firstDocuments(hashes: readonly string[]): Promise<Map<string, bigint>> {
      if (!hashes.length) return new Map();
      const rows = await db.document.groupBy({
        by: ["attachmentHash"],
        where: { attachmentHash: { in: [...new Set(hashes)] }, deletedAt: null },
        _min: { id: true },
      });
      return new Map(rows.flatMap((r) => (r._min.id === null ? [] : [[r.attachmentHash, r._min.id] as const])));
    },
    async update(id: bigint, data: { name: string; description: string; enable: boolean }): Promise<boolean> {
      return (await db.attachment.updateMany({ where: { id }, data })).count === 1;
    },
    async disable(ids: readonly bigint[]): Promise<number> {
      return (await db.attachment.updateMany({ where: { id: { in: [...ids] } }, data: { enable: false } })).count;
    },

    /**
     * Claims (FOR UPDATE SKIP LOCKED, so replicas never collide) and deletes up to `limit` enabled document
     * uploads no document uses and past their cutoff; returns them. Throws a foreign-key violation when a
     * document started using one of them meanwhile (the documents' ON DELETE RESTRICT).
     */
    async deleteUnusedDocumentUploads(c: SweepCutoffs, limit: number): Promise<SweptAttachment[]> {
      const unusedOn = c.unusedBefore !== null;
      // With the unused sweep off, any upload after the release keeps a released row.
      const unusedCutoff = c.unusedBefore ?? new Date(0);
      const rows = await db.$queryRaw<Array<{ id: bigint; hash: string; storage_key: string }>>`
        DELETE FROM attachments WHERE id IN (
          SELECT a.id FROM attachments a
          WHERE a.type = ${AttachmentType.DOCUMENT} AND a.enable
            AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.attachment_hash = a.hash)
            AND (
              (${unusedOn} AND a.released_at IS NULL AND a.created_at < ${unusedCutoff}
                AND NOT EXISTS (SELECT 1 FROM attachment_grants g
                                WHERE g.attachment_id = a.id AND g.created_at >= ${unusedCutoff}))
              OR (a.released_at IS NOT NULL AND a.released_at <= ${c.releasedBefore}
                AND NOT EXISTS (SELECT 1 FROM attachment_grants g
                                WHERE g.attachment_id = a.id AND g.created_at > a.released_at
                                  AND g.created_at >= ${unusedCutoff}))
            )
          ORDER BY a.id
          LIMIT ${limit}
          FOR UPDATE OF a SKIP LOCKED
        )
        RETURNING id, hash, storage_key`;
      return rows.map((r) => ({ id: r.id, hash: r.hash, storageKey: r.storage_key }));
    },

    /** How many rows still name this stored object, and this content. */
    async references(a: Pick<SweptAttachment, "hash" | "storageKey">): Promise<{ storageKey: number; hash: number }> {
      const [storageKey, hash] = await Promise.all([
        db.attachment.count({ where: { storageKey: a.storageKey } }),
        db.attachment.count({ where: { hash: a.hash } }),
      ]);
      return { storageKey, hash };
    },
  };
}

export type AttachmentRepository = ReturnType<typeof createAttachmentRepository>;
