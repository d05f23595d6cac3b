// Removes document uploads no document uses: never used, security.unused_attachment_hours after their
// latest upload (0: kept); released (the last document using them was purged from the recycle bin),
// security.attachment_retention_minute after that. The stored original goes with the row, and so do
// the converted pages once no row of that content remains. Other kinds of attachment (avatars,
// banners …) are used outside this table's view and are never swept here.
//
// Safe with several replicas: each pass claims its rows with FOR UPDATE SKIP LOCKED, and the documents'
// foreign key (ON DELETE RESTRICT) refuses to delete a row a document started using meanwhile.
import { isForeignKeyViolation, type Logger, type SettingsReader } from "@wenku/kit";
import type { Storage } from "@wenku/kit/storage";
import { AttachmentType } from "@wenku/proto/api/v1/enums_pb.js";
import type { Db } from "../db.js";

export interface AttachmentSweepDeps {
  db: Db;
  storage: Storage;
  settings: Pick<SettingsReader, "current">;
  log: Logger;
  clock?: () => Date;
  /** Rows claimed per statement (default 100). */
  batch?: number;
}

export interface SweptAttachment {
  id: bigint;
  hash: string;
  storageKey: string;
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** A pass stops after this many batches (the next pass continues). */
const MAX_BATCHES = 50;

export function createAttachmentSweep(deps: AttachmentSweepDeps) {
  const now = deps.clock ?? (() => new Date());
  const batch = deps.batch ?? 100;
  const { db, storage, log } = deps;

  /** Claims and deletes up to `batch` rows past their grace; returns them. */
  async function deleteBatch(at: Date, unusedHours: number, retentionMinutes: number): Promise<SweptAttachment[]> {
    const unusedOn = unusedHours > 0;
    // With the unused sweep off, any upload after the release keeps a released row.
    const unusedCutoff = unusedOn ? new Date(at.getTime() - unusedHours * HOUR_MS) : new Date(0);
    const releasedCutoff = new Date(at.getTime() - retentionMinutes * MINUTE_MS);
    const rows = await db.$queryRaw<Array<{ id: bigint; hash: string; storage_key: string }>>`
      DELETE FROM attachments WHERE id IN (
        SELECT a.id FROM attachments a
        WHERE a.type = ${AttachmentType.DOCUMENT} AND a.enable
          AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.attachment_hash = a.hash)
          AND (
            (${unusedOn} AND a.released_at IS NULL AND a.created_at < ${unusedCutoff}
              AND NOT EXISTS (SELECT 1 FROM attachment_grants g
                              WHERE g.attachment_id = a.id AND g.created_at >= ${unusedCutoff}))
            OR (a.released_at IS NOT NULL AND a.released_at <= ${releasedCutoff}
              AND NOT EXISTS (SELECT 1 FROM attachment_grants g
                              WHERE g.attachment_id = a.id AND g.created_at > a.released_at
                                AND g.created_at >= ${unusedCutoff}))
          )
        ORDER BY a.id
        LIMIT ${batch}
        FOR UPDATE OF a SKIP LOCKED
      )
      RETURNING id, hash, storage_key`;
    return rows.map((r) => ({ id: r.id, hash: r.hash, storageKey: r.storage_key }));
  }

  /** The row is gone: its original, unless another row points at it; its pages, unless its content is back. */
  async function removeFiles(a: SweptAttachment): Promise<void> {
    const [sameKey, sameHash] = await Promise.all([
      db.attachment.count({ where: { storageKey: a.storageKey } }),
      db.attachment.count({ where: { hash: a.hash } }),
    ]);
    if (sameKey === 0) await storage.delete(a.storageKey);
    if (sameHash === 0) {
      for await (const o of storage.list(`documents/${a.hash}/`)) await storage.delete(o.key);
    }
  }

  return {
    /** One pass; returns what it removed. Throws when the settings cannot be read (nothing is removed then). */
    async run(): Promise<SweptAttachment[]> {
      const security = (await deps.settings.current()).security;
      const unusedHours = Math.max(0, security?.unusedAttachmentHours ?? 0);
      const retentionMinutes = Math.max(0, security?.attachmentRetentionMinute ?? 0);
      const at = now();
      const removed: SweptAttachment[] = [];
      for (let i = 0; i < MAX_BATCHES; i++) {
        let rows: SweptAttachment[];
        try {
          rows = await deleteBatch(at, unusedHours, retentionMinutes);
        } catch (err) {
          // A document started using one of the rows meanwhile: that row stays; the next pass does the rest.
          if (isForeignKeyViolation(err)) break;
          throw err;
        }
        for (const a of rows) {
          await removeFiles(a).catch((err) =>
            log.warn({ err, attachment: a.id.toString(), key: a.storageKey }, "attachment sweep: file left behind"),
          );
        }
        removed.push(...rows);
        if (rows.length < batch) break;
      }
      if (removed.length) log.info({ removed: removed.length }, "attachment sweep: unused uploads removed");
      return removed;
    },
  };
}
export type AttachmentSweep = ReturnType<typeof createAttachmentSweep>;

/** Runs the sweep every `everyMs` (first pass after one interval) until stopped; a failed pass is logged. */
export function startAttachmentSweeper(sweep: AttachmentSweep, opts: { everyMs: number; log: Logger }) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = sweep
        .run()
        .catch((err) => opts.log.warn({ err }, "attachment sweep failed"))
        .finally(schedule);
    }, opts.everyMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
