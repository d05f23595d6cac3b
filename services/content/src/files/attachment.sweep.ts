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
import type { AttachmentRepository, SweepCutoffs, SweptAttachment } from "./attachment.repository.js";

export type { SweptAttachment } from "./attachment.repository.js";

export interface AttachmentSweepDeps {
  repo: Pick<AttachmentRepository, "deleteUnusedDocumentUploads" | "references">;
  storage: Storage;
  settings: Pick<SettingsReader, "current">;
  log: Logger;
  clock?: () => Date;
  /** Rows claimed per statement (default 100). */
  batch?: number;
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** A pass stops after this many batches (the next pass continues). */
const MAX_BATCHES = 50;

export function createAttachmentSweep(deps: AttachmentSweepDeps) {
  const now = deps.clock ?? (() => new Date());
  const batch = deps.batch ?? 100;
  const { repo, storage, log } = deps;

  /** The row is gone: its original, unless another row points at it; its pages, unless its content is back. */
  async function removeFiles(a: SweptAttachment): Promise<void> {
    const left = await repo.references(a);
    if (left.storageKey === 0) await storage.delete(a.storageKey);
    if (left.hash === 0) {
      for await (const o of storage.list(`documents/${a.hash}/`)) await storage.delete(o.key);
    }
  }

  return {
    /** One pass; returns what it removed. Throws when the settings cannot be read (nothing is removed then). */
    async run(): Promise<SweptAttachment[]> {
      const security = (await deps.settings.current()).security;
      const unusedHours = Math.max(0, security?.unusedAttachmentHours ?? 0);
      const retentionMinutes = Math.max(0, security?.attachmentRetentionMinute ?? 0);
      const at = now().getTime();
      const cutoffs: SweepCutoffs = {
        unusedBefore: unusedHours > 0 ? new Date(at - unusedHours * HOUR_MS) : null,
        releasedBefore: new Date(at - retentionMinutes * MINUTE_MS),
      };
      const removed: SweptAttachment[] = [];
      for (let i = 0; i < MAX_BATCHES; i++) {
        let rows: SweptAttachment[];
        try {
          rows = await repo.deleteUnusedDocumentUploads(cutoffs, batch);
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
