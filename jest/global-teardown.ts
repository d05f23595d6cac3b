import pg from "pg";

// Loaded by jest as CommonJS before any mapping applies: kept free of relative imports (see env.ts).
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test";

/** Drops this run's template and whatever databases its test files left behind. */
export default async function globalTeardown(): Promise<void> {
  const run = process.env.WENKU_TEST_RUN;
  if (!run) return;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  const mine = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2",
    [`wenku_tpl_${run}`, `wenku_t_${run}_%`.replaceAll("_", "\\_")],
  );
  for (const r of mine.rows) await admin.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
  await admin.end();
}
