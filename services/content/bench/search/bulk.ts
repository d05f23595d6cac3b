// The bench's bulk path into the search index: the real indexer's writes (index.upsert, one
// transaction a document, as the search library writes them) into search_pages without its GIN
// indexes, which are built once after the load: no pending list, no merges. It goes through the
// library's public surface only, so what is loaded is what the indexer writes, by construction.
import type { IndexedDocument, SearchIndex } from "@wenku/search";
import type { createDb } from "../../src/db.js";

type Db = ReturnType<typeof createDb>;
type Tx = Pick<Db, "$executeRaw" | "$queryRaw" | "$executeRawUnsafe">;

/** The GIN indexes of search_pages (migrations 0008 and 0011), as PostgreSQL has them. */
export async function ginIndexes(db: Db): Promise<Array<{ name: string; def: string }>> {
  return db.$queryRaw<Array<{ name: string; def: string }>>`
    SELECT indexname AS name, indexdef AS def FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = 'search_pages' AND indexdef ILIKE '% USING gin %'
     ORDER BY indexname`;
}

/** Documents written by the indexer's upsert, then the baseline's rows for them (`baseline`). */
export async function bulkInsert(
  db: Db,
  index: Pick<SearchIndex, "upsert">,
  docs: IndexedDocument[],
  baseline: (tx: Tx, docs: IndexedDocument[]) => Promise<void>,
) {
  await index.upsert(docs);
  await db.$transaction((tx) => baseline(tx, docs), { timeout: 300_000, maxWait: 60_000 });
}
