import { randomBytes } from "node:crypto";
import pg from "pg";
import { TEMPLATE_DB, TEST_DATABASE_URL, TEST_RUN } from "./env.js";
import { withDatabase } from "./url.js";

/** A fresh database cloned from the migrated template; drop() removes it. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `wenku_t_${TEST_RUN}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  return {
    url: withDatabase(TEST_DATABASE_URL, name),
    async drop() {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A fresh database for the calling test file: created (and opened with `open`, e.g. a service's
 * createDb) before its tests, closed and dropped after them. Returns the open client, valid from the
 * file's first beforeAll on.
 */
export function useTestDatabase<D extends { $disconnect(): Promise<void> }>(open: (url: string) => D): () => D {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let db: D | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = open(testDb.url);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await testDb?.drop();
  });
  return () => {
    if (!db) throw new Error("useTestDatabase: the database is open from beforeAll on");
    return db;
  };
}
