// Applies a service's committed migrations to a throwaway database (with the runner the services
// use at start) and compares the result with its schema.prisma. Prisma 7's `migrate diff` cannot do
// this offline (it downloads a native engine), hence pg_catalog against Prisma's DMMF.
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runMigrations } from "@wenku/kit";
import pg from "pg";
import { withDatabase } from "../../jest/url.js";
import { actualTables } from "./actual.js";
import { type Allowance, compareTables, type Mismatch } from "./compare.js";
import { getDatamodel } from "./dmmf.js";
import { expectedTables } from "./expected.js";

const root = new URL("../..", import.meta.url).pathname;

export interface ServiceSchema {
  /** services/<service> */
  service: string;
  /** Its Postgres schema (services/<service>/src/db.ts names it wenku_<service>). */
  pgSchema: string;
  schemaFile: string;
  migrationsDir: string;
}

/** Every service with a schema.prisma, the way the services lay them out. */
export function serviceSchemas(): ServiceSchema[] {
  return readdirSync(join(root, "services"))
    .filter((s) => existsSync(join(root, "services", s, "prisma/schema.prisma")))
    .sort()
    .map((service) => ({
      service,
      pgSchema: `wenku_${service}`,
      schemaFile: join(root, "services", service, "prisma/schema.prisma"),
      migrationsDir: join(root, "services", service, "prisma/migrations"),
    }));
}

/**
 * What the migrations may hold beyond schema.prisma, each on purpose. Anything else the database
 * has and the schema does not describe is drift.
 */
export const ALLOWED: Allowance = {
  tables: [
    "_wenku_migrations", // the migration runner's bookkeeping (services/kit/src/migrate.ts)
  ],
  indexes: [
    // Partial indexes for the document lists (Prisma's schema language has no WHERE on indexes):
    // live documents newest first, by status, the recycle bin, recommended, the conversion queue,
    // public lists.
    "documents.documents_live_created_at_idx",
    "documents.documents_live_status_idx",
    "documents.documents_recycled_idx",
    "documents.documents_recommended_idx",
    "documents.documents_convert_queue_idx",
    "documents.documents_public_created_idx",
    // Popular searches: recent searches that found something (WHERE total > 0, INCLUDE columns).
    "search_records.search_records_popular_idx",
    // Search: the field rows' own GIN index (WHERE page = 0), for queries of stop words alone.
    "search_pages.search_pages_fields_idx",
    // One open report per user and document (WHERE NOT status): a handled report leaves room for a new one.
    "reports.reports_open_key",
    // One account per e-mail address whatever its case (an expression index: lower(email)).
    "users.users_email_lower_key",
  ],
  foreignKeys: [
    // Deliberately SQL-only (see the Download model): no Prisma relation, so the Document model
    // stays the documents slice's while deleting a document still deletes its download rows.
    "downloads(document_id)",
    // The same for the social rows (migration 0015): purging a document or an article deletes them.
    "favorites(document_id)",
    "favorites(article_id)",
    "document_scores(document_id)",
    "reports(document_id)",
    "reading_progress(document_id)",
    // Comments (migration 0016): purging a target deletes its comments; deleting a comment, its replies.
    "comments(document_id)",
    "comments(article_id)",
    "comments(parent_id)",
  ],
};

export interface CheckResult extends ServiceSchema {
  mismatches: Mismatch[];
}

/** The admin connection's server, a fresh database on it, dropped afterwards. */
async function withScratchDatabase<T>(adminUrl: string, use: (url: string) => Promise<T>): Promise<T> {
  // The wenku_t_r<pid>_ prefix: jest's global setup drops it if this process dies before the DROP.
  const name = `wenku_t_r${process.pid}_schema_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    return await use(withDatabase(adminUrl, name));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** Checks each service's migrations against its schema.prisma in one scratch database. */
export async function checkSchemas(
  services: ServiceSchema[],
  adminUrl: string,
  allow: Allowance = ALLOWED,
): Promise<CheckResult[]> {
  return withScratchDatabase(adminUrl, async (url) => {
    const results: CheckResult[] = [];
    for (const s of services) {
      const schema = readFileSync(s.schemaFile, "utf8");
      const want = expectedTables(getDatamodel(schema), schema);
      await runMigrations({ connectionString: url, schema: s.pgSchema, dir: s.migrationsDir });
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        results.push({ ...s, mismatches: compareTables(want, await actualTables(client, s.pgSchema), allow) });
      } finally {
        await client.end();
      }
    }
    return results;
  });
}

/** The mismatches as one list, one line each: service, table, item, expected vs actual. */
export function formatMismatches(results: CheckResult[]): string {
  return results
    .flatMap((r) =>
      r.mismatches.map(
        (m) =>
          `  ${r.service}  ${m.table}${m.item ? `.${m.item}` : ""}: schema.prisma says ${m.expected}; migrations give ${m.actual}`,
      ),
    )
    .join("\n");
}
