// Builds one migrated template database per test run; every test file clones it (fast, isolated).
// Runs of jest that share the PostgreSQL server never touch each other's databases.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import pg from "pg";

// Loaded by jest as CommonJS before any mapping applies: kept free of relative imports (see env.ts).
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export default async function globalSetup(): Promise<void> {
  const run = `r${process.pid}`;
  process.env.WENKU_TEST_RUN = run; // inherited by the workers jest forks after this
  const template = `wenku_tpl_${run}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  // Leftovers of runs that were killed (their pid is gone).
  const all = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname ~ '^wenku_(tpl|t)_r[0-9]+'",
  );
  for (const { datname } of all.rows) {
    const pid = Number(/_r(\d+)/.exec(datname)?.[1]);
    if (!alive(pid)) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
  await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const root = join(__dirname, "..");
  // The Prisma clients are generated, not committed: a jest run straight after cloning makes them
  // (a no-op when they match their schemas).
  execFileSync(process.execPath, [join(root, "scripts/prisma-generate.mjs")], { cwd: root, stdio: "inherit" });
  const u = new URL(TEST_DATABASE_URL);
  u.pathname = `/${template}`;
  execFileSync(process.execPath, ["--import", "tsx", join(root, "jest/template.ts"), u.toString()], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_OPTIONS: "" },
  });
}
