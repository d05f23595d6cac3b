// The document recycle bin (staff only): list, restore, purge.
import { paging } from "@wenku/kit";
import type { CategoryRepository } from "../categories/category.repository.js";
import type { UserBrief, UserDirectory } from "../ports.js";
import type { DocumentEvents } from "./document.events.js";
import { PRIVILEGED_MAX_SIZE } from "./document.filters.js";
import type { DocumentRepository } from "./document.repository.js";
import { idsOf, notFound } from "./document.rules.js";
import type { DocumentFilter, DocumentRow, DocumentSort } from "./document.types.js";

export interface RecycleListInput {
  page: bigint;
  size: bigint;
  wd: string;
}

export interface RecycleServiceDeps {
  repo: DocumentRepository;
  categories: CategoryRepository;
  users: Pick<UserDirectory, "users">;
  /** Told after documents come back from the bin or are purged (page caches drop them). */
  events: Pick<DocumentEvents, "changed">;
}

const IN_BIN: DocumentFilter = { deleted: true };
const LAST_DELETED_FIRST: DocumentSort[] = [
  { column: "deletedAt", dir: "desc" },
  { column: "id", dir: "desc" },
];

export function createRecycleService(deps: RecycleServiceDeps) {
  const { repo, events } = deps;
  return {
    /** Documents in the bin, most recently deleted first, with who owns them and who deleted them. */
    async list(
      req: RecycleListInput,
    ): Promise<{ total: number; rows: DocumentRow[]; users: ReadonlyMap<bigint, UserBrief> }> {
      const { skip, take: size } = paging(req.page, req.size, { max: PRIVILEGED_MAX_SIZE, fallback: 10 });
      const wd = req.wd.trim();
      const filter: DocumentFilter = wd ? { ...IN_BIN, text: { wd, keywords: false } } : IN_BIN;
      const { total, rows } = await repo.page(filter, LAST_DELETED_FIRST, skip, size);
      const ids = new Set(rows.flatMap((r) => [r.userId, r.deletedUserId]).filter((id) => id > 0n));
      return { total, rows, users: ids.size ? await deps.users.users([...ids]) : new Map() };
    },

    /** Puts documents back where they were (same categories, same status). */
    async recover(raw: readonly bigint[]): Promise<void> {
      const docs = await repo.byIds(idsOf(raw), true);
      if (!docs.length) throw notFound();
      const ids = docs.map((d) => d.id);
      await repo.updateMany({ ids, ...IN_BIN }, { deletedAt: null, deletedUserId: 0n });
      await events.changed(ids);
      await deps.categories.recountCategories(await repo.categoryIdsOf(ids));
    },

    /**
     * Deletes the rows for good. The files stay: an attachment is shared by every document with the
     * same content and is cleaned up by the attachment retention job once nothing uses it.
     */
    async purge(raw: readonly bigint[]): Promise<void> {
      const ids = idsOf(raw);
      await repo.purge({ ids, ...IN_BIN });
      await events.changed(ids);
    },

    async clear(): Promise<void> {
      await repo.purge(IN_BIN);
      await events.changed(null);
    },
  };
}
export type RecycleService = ReturnType<typeof createRecycleService>;
