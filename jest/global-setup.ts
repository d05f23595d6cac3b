// Builds one migrated template database per test run; every test file clones it (fast, isolated).
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import pg from "pg";

// Loaded by jest as CommonJS before any mapping applies: kept free of relative imports (see env.ts).
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test";
const TEMPLATE_DB = "wenku_test_template";

export default async function globalSetup(): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const root = join(__dirname, "..");
  execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      join(root, "jest/template.ts"),
      (() => {
        const u = new URL(TEST_DATABASE_URL);
        u.pathname = `/${TEMPLATE_DB}`;
        return u.toString();
      })(),
    ],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_OPTIONS: "" },
    },
  );
}
