// Migration 0016 (e-mail addresses one per account whatever their case) on a database that already
// holds accounts differing only in the case of their address: applied up to 0015, such accounts
// inserted, then 0016 applied. No account is lost, the earliest keeps the address (lower-case), later
// ones lose it with a staff remark saying so, and no second case of an address can be stored after.
import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runMigrations } from "@wenku/kit";
import pg from "pg";
import { TEST_DATABASE_URL, TEST_RUN } from "../../../../jest/env.js";
import { withDatabase } from "../../../../jest/url.js";

const MIGRATIONS = fileURLToPath(new URL("../../prisma/migrations", import.meta.url));
const MIGRATION = "0016_email_lower";
const SCHEMA = "wenku_user";

const name = `wenku_t_${TEST_RUN}_${randomBytes(5).toString("hex")}`;
const url = withDatabase(TEST_DATABASE_URL, name);
let client: pg.Client;
let before: string;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${name}`);
  // the migrations before this one, alone in a folder
  before = await mkdtemp(join(tmpdir(), "wenku-mig-"));
  for (const m of await readdir(MIGRATIONS))
    if (m < MIGRATION) await cp(join(MIGRATIONS, m), join(before, m), { recursive: true });
  await runMigrations({ connectionString: url, schema: SCHEMA, dir: before });
  client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`SET search_path TO ${SCHEMA}`);
});

afterAll(async () => {
  await client?.end();
  await rm(before, { recursive: true, force: true });
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

const insert = (id: number, username: string, email: string | null, remark = "") =>
  client.query("INSERT INTO users (id, username, password, email, remark) VALUES ($1, $2, 'x', $3, $4)", [
    id,
    username,
    email,
    remark,
  ]);

test("accounts differing only in the case of their address: none lost, the earliest keeps it", async () => {
  await insert(11, "later", "alice@x.com");
  await insert(7, "first", "Alice@X.com");
  await insert(12, "third", " ALICE@x.com ", "VIP 客户");
  await insert(20, "bob", "Bob@Y.org");
  await insert(21, "nomail", null);
  await insert(22, "blank", "  ");

  expect(await runMigrations({ connectionString: url, schema: SCHEMA, dir: MIGRATIONS })).toContain(MIGRATION);

  const rows = (
    await client.query<{ id: string; email: string | null; remark: string }>(
      "SELECT id::text AS id, email, remark FROM users ORDER BY users.id",
    )
  ).rows;
  expect(rows.map((r) => [r.id, r.email])).toEqual([
    ["7", "alice@x.com"],
    ["11", null],
    ["12", null],
    ["20", "bob@y.org"],
    ["21", null],
    ["22", null],
  ]);
  const remark = (id: string) => rows.find((r) => r.id === id)?.remark;
  expect(remark("7")).toBe("");
  expect(remark("11")).toBe("升级时清除了邮箱 alice@x.com（与用户 #7 的邮箱仅大小写不同）");
  // the address as it was stored, and the staff's own remark kept after the note
  expect(remark("12")).toBe("升级时清除了邮箱  ALICE@x.com （与用户 #7 的邮箱仅大小写不同）；VIP 客户");

  // from now on the database itself refuses a second case of an address
  await expect(insert(30, "again", "ALICE@X.COM")).rejects.toThrow(/users_email_lower_key/);
  await expect(insert(31, "bobby", "BOB@y.org")).rejects.toThrow(/users_email_lower_key/);
  await insert(32, "carol", "carol@z.net");
});
