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
