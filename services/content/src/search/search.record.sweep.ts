// Deletes search records older than security.search_record_retention_days (0: nothing is recorded, and
// what an earlier setting kept goes too). Safe with several replicas: each batch claims its rows with
// FOR UPDATE SKIP LOCKED.
import type { Logger, SettingsReader } from "@wenku/kit";
import type { SearchRecordRepository } from "./search.record.repository.js";

const DAY_MS = 86_400_000;
/** A pass stops after this many batches (the next pass continues). */
const MAX_BATCHES = 100;

export interface SearchRecordSweepDeps {
  repo: Pick<SearchRecordRepository, "deleteOlderThan">;
  settings: Pick<SettingsReader, "current">;
  log: Logger;
  clock?: () => Date;
  /** Rows deleted per statement (default 5 000). */
  batch?: number;
}

export function createSearchRecordSweep(deps: SearchRecordSweepDeps) {
  const now = deps.clock ?? (() => new Date());
  const batch = deps.batch ?? 5_000;
  return {
    /** One pass; returns how many records it deleted. Throws when the settings cannot be read. */
    async run(): Promise<number> {
      const days = Math.max(0, (await deps.settings.current()).security?.searchRecordRetentionDays ?? 0);
      const cutoff = new Date(now().getTime() - days * DAY_MS);
      let removed = 0;
      for (let i = 0; i < MAX_BATCHES; i++) {
        const n = await deps.repo.deleteOlderThan(cutoff, batch);
        removed += n;
        if (n < batch) break;
      }
      if (removed) deps.log.info({ removed, days }, "search record sweep: old records deleted");
      return removed;
    },
  };
}
export type SearchRecordSweep = ReturnType<typeof createSearchRecordSweep>;
