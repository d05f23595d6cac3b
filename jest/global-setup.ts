// Builds one migrated template database per test run; every test file clones it (fast, isolated).
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import pg from "pg";
import { TEMPLATE_DB, TEST_DATABASE_URL } from "./env";
import { withDatabase } from "./url";

export default async function globalSetup(): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const root = join(__dirname, "..");
  execFileSync(process.execPath, ["--import", "tsx", join(root, "jest/template.ts"), withDatabase(TEST_DATABASE_URL, TEMPLATE_DB)], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_OPTIONS: "" },
  });
}
