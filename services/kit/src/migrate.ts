import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import type { Logger } from "./logger.js";

export interface MigrateOptions {
  connectionString: string;
  /** The service's own Postgres schema, e.g. "wenku_user". */
  schema: string;
  /** Folder holding `<timestamp>_<name>/migration.sql` (Prisma's layout) or `<NNN>_<name>.sql` files. */
  dir: string;
  log?: Logger;
}

const SAFE_SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

async function listMigrations(dir: string): Promise<Array<{ name: string; sql: string; checksum: string }>> {
  const entries = await readdir(dir, { withFileTypes: true });
  const out: Array<{ name: string; sql: string; checksum: string }> = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    let file: string | null = null;
    if (e.isDirectory()) file = join(dir, e.name, "migration.sql");
    else if (e.name.endsWith(".sql")) file = join(dir, e.name);
    if (!file) continue;
    const sql = await readFile(file, "utf8");
    out.push({ name: e.name.replace(/\.sql$/, ""), sql, checksum: createHash("sha256").update(sql).digest("hex") });
  }
  return out;
}

/**
 * Applies committed SQL migrations in order, each in its own transaction, under a Postgres
 * advisory lock so concurrent replicas starting at once apply each migration exactly once.
 * An already-applied migration whose file changed fails the start (edit history → new migration).
 * Works offline and in air-gapped clusters (no Prisma migrate engine needed).
 */
export async function runMigrations(opts: MigrateOptions): Promise<string[]> {
  if (!SAFE_SCHEMA.test(opts.schema)) throw new Error(`invalid schema name ${opts.schema}`);
  const migrations = await listMigrations(opts.dir);
  const client = new pg.Client({ connectionString: opts.connectionString });
  await client.connect();
  const applied: string[] = [];
  const lockKey = `wenku:migrate:${opts.schema}`;
  try {
    await client.query("SELECT pg_advisory_lock(hashtext($1))", [lockKey]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${opts.schema}"`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS "${opts.schema}"._wenku_migrations (
         name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Map<string, string>(
      (
        await client.query<{ name: string; checksum: string }>(
          `SELECT name, checksum FROM "${opts.schema}"._wenku_migrations`,
        )
      ).rows.map((r) => [r.name, r.checksum]),
    );
    for (const m of migrations) {
      const previous = done.get(m.name);
      if (previous !== undefined) {
        if (previous !== m.checksum) {
          throw new Error(
            `migration ${opts.schema}/${m.name} was edited after being applied; add a new migration instead`,
          );
        }
        continue;
      }
      await client.query("BEGIN");
      try {
        await client.query(`SET LOCAL search_path TO "${opts.schema}"`);
        await client.query(m.sql);
        await client.query(`INSERT INTO "${opts.schema}"._wenku_migrations (name, checksum) VALUES ($1, $2)`, [
          m.name,
          m.checksum,
        ]);
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        throw new Error(`migration ${opts.schema}/${m.name} failed: ${(err as Error).message}`);
      }
      applied.push(m.name);
      opts.log?.info({ schema: opts.schema, migration: m.name }, "migration applied");
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock(hashtext($1))", [lockKey]).catch(() => {});
    await client.end();
  }
  return applied;
}

/** One service's schema and the folder of its committed migrations (ServiceModule.migrations). */
export interface SchemaMigrations {
  schema: string;
  dir: string;
}

/**
 * Every schema's migrations, one schema after another, as a service starts (kit/run.ts, the
 * one-process stack) or the migrations Job runs (deploy/base/migrate.yaml): what each applied.
 */
export async function migrateSchemas(
  connectionString: string,
  stores: readonly SchemaMigrations[],
  log?: Logger,
): Promise<Array<{ schema: string; applied: string[] }>> {
  const out: Array<{ schema: string; applied: string[] }> = [];
  for (const s of stores) {
    out.push({
      schema: s.schema,
      applied: await runMigrations({ connectionString, schema: s.schema, dir: s.dir, log }),
    });
  }
  return out;
}
