import pg from "pg";
import { TEMPLATE_DB, TEST_DATABASE_URL } from "./env";

export default async function globalTeardown(): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  const stale = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'wenku_t_%'");
  for (const r of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.end();
}
