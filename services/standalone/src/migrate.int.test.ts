// `node dist/migrate.js`, the migrations Job of deploy/base/migrate.yaml, run as its process on a
// real PostgreSQL: an empty database gets every service's schema as the template (which the
// services' own start-up migrated) has it, two runs at once (the Job racing a pod's start) apply
// each migration exactly once, and a database it cannot reach exits 1 saying why.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { jest } from "@jest/globals";
import pg from "pg";
import { TEMPLATE_DB, TEST_DATABASE_URL, TEST_RUN } from "../../../jest/env.js";
import { withDatabase } from "../../../jest/url.js";
import { modules } from "./stack.js";

jest.setTimeout(180_000);

const root = fileURLToPath(new URL("../../..", import.meta.url));
const name = `wenku_t_${TEST_RUN}_${randomBytes(5).toString("hex")}`;
const url = withDatabase(TEST_DATABASE_URL, name);

async function admin<T>(fn: (c: pg.Client) => Promise<T>, database = TEST_DATABASE_URL): Promise<T> {
  const c = new pg.Client({ connectionString: database });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** The migrations Job's command, from the sources (what scripts/build.mjs compiles to dist/migrate.js). */
function migrate(databaseUrl: string | undefined): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string | undefined> = { ...process.env, NODE_OPTIONS: "", LOG_LEVEL: "silent" };
  env.DATABASE_URL = databaseUrl;
  if (databaseUrl === undefined) delete env.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "services/standalone/src/migrate.ts"], { cwd: root, env });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (b: Buffer) => {
    stdout += b.toString();
  });
  child.stderr.on("data", (b: Buffer) => {
    stderr += b.toString();
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** schema → applied migration names, as the runner records them. */
async function recorded(database: string): Promise<Record<string, string[]>> {
  return admin(async (c) => {
    const out: Record<string, string[]> = {};
    for (const { schema } of modules.flatMap((m) => m.migrations)) {
      const r = await c.query<{ name: string }>(`SELECT name FROM "${schema}"._wenku_migrations ORDER BY name`);
      out[schema] = r.rows.map((row) => row.name);
    }
    return out;
  }, database);
}

/** "schema: a, b" lines → schema → names ("up to date": none). */
function applied(stdout: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const line of stdout.split("\n").filter((l) => /^wenku_\w+: /.test(l))) {
    const [schema, list] = line.split(": ") as [string, string];
    out[schema] = list === "up to date" ? [] : list.split(", ");
  }
  return out;
}

beforeAll(() => admin((c) => c.query(`CREATE DATABASE ${name}`)));
afterAll(() => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));

test("two runs at once on an empty database: exit 0, each migration applied once, as the template has them", async () => {
  const [a, b] = await Promise.all([migrate(url), migrate(url)]);
  expect([a.code, a.stderr, b.code, b.stderr]).toEqual([0, "", 0, ""]);
  const want = await recorded(withDatabase(TEST_DATABASE_URL, TEMPLATE_DB));
  expect(Object.keys(want).length).toBeGreaterThanOrEqual(4);
  expect(await recorded(url)).toEqual(want);
  const [byA, byB] = [applied(a.stdout), applied(b.stdout)];
  for (const [schema, names] of Object.entries(want)) {
    const both = [...(byA[schema] ?? []), ...(byB[schema] ?? [])].sort();
    expect({ schema, applied: both }).toEqual({ schema, applied: [...names].sort() });
  }
});

test("no database to migrate: exit 1 naming the cause, nothing on stdout", async () => {
  const gone = await migrate(withDatabase(TEST_DATABASE_URL, `${name}_missing`));
  expect([gone.code, gone.stdout]).toEqual([1, ""]);
  expect(gone.stderr).toBe(`migrate: database "${name}_missing" does not exist\n`);
  const unset = await migrate(undefined);
  expect([unset.code, unset.stderr]).toEqual([1, "migrate: DATABASE_URL is required: the database to migrate\n"]);
});
