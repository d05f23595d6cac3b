// The migrations-vs-schema.prisma check (npm test's "schema" step) must catch drift in either
// direction: fed a copy of the user service's schema and migrations with deliberate differences,
// it reports each one.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as config from "@wenku/config";
import * as content from "@wenku/content";
import * as order from "@wenku/order";
import * as spider from "@wenku/spider";
import * as user from "@wenku/user";
import { TEST_DATABASE_URL } from "../jest/env.js";
import {
  type CheckResult,
  checkSchemas,
  formatMismatches,
  type ServiceSchema,
  serviceSchemas,
} from "./schema-check/check.js";

const userSchema = serviceSchemas().find((s) => s.service === "user") as ServiceSchema;
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "wenku-schema-check-"));
  cpSync(userSchema.schemaFile, join(dir, "schema.prisma"));
  cpSync(userSchema.migrationsDir, join(dir, "migrations"), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const drifted = (): ServiceSchema => ({
  ...userSchema,
  schemaFile: join(dir, "schema.prisma"),
  migrationsDir: join(dir, "migrations"),
});
const editSchema = (edit: (text: string) => string) => {
  const file = join(dir, "schema.prisma");
  const before = readFileSync(file, "utf8");
  const after = edit(before);
  expect(after).not.toBe(before); // the edit applied: the test cannot pass on a no-op
  writeFileSync(file, after);
};
const lines = (results: CheckResult[]) => formatMismatches(results).split("\n");

test("the schema names the check assumes are the ones the services migrate", () => {
  const names = Object.fromEntries(serviceSchemas().map((s) => [s.service, s.pgSchema]));
  const migrated = (m: { service: { migrations: ReadonlyArray<{ schema: string }> } }) =>
    m.service.migrations.map((s) => s.schema);
  expect(names).toEqual({
    config: migrated(config)[0],
    content: migrated(content)[0],
    order: migrated(order)[0],
    spider: migrated(spider)[0],
    user: migrated(user)[0],
  });
  expect([config, content, order, spider, user].map((m) => migrated(m).length)).toEqual([1, 1, 1, 1, 1]);
});

test("an unchanged copy matches", async () => {
  const [result] = await checkSchemas([drifted()], TEST_DATABASE_URL);
  expect(result?.mismatches).toEqual([]);
});

test("drift in the schema, in a migration, in types, nullability, defaults, indexes and keys is reported", async () => {
  // schema.prisma: a column the migrations never create, and a unique the database lacks
  editSchema((s) =>
    s
      .replace(/(\n {2}realname +String)/, '\n  nickname String @default("") @db.VarChar(32)$1')
      .replace(/(\n {2}remark +String +@default\(""\))/, "$1 @unique"),
  );
  // a later migration: an extra column, a wrong type, a dropped NOT NULL, a changed default,
  // a dropped unique and a dropped index, a changed delete rule
  writeFileSync(
    join(dir, "migrations/9999_drift.sql"),
    `ALTER TABLE users ADD COLUMN extra integer;
     ALTER TABLE users ALTER COLUMN avatar TYPE varchar(300);
     ALTER TABLE users ALTER COLUMN address DROP NOT NULL;
     ALTER TABLE users ALTER COLUMN signature SET DEFAULT 'hi';
     DROP INDEX users_username_key;
     DROP INDEX sessions_user_id_idx;
     ALTER TABLE sessions DROP CONSTRAINT sessions_user_id_fkey;
     ALTER TABLE sessions ADD FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE RESTRICT;`,
  );
  const results = await checkSchemas([drifted()], TEST_DATABASE_URL);
  expect(lines(results).sort()).toEqual(
    [
      "  user  users.nickname: schema.prisma says column character varying(32) NOT NULL; migrations give missing",
      "  user  users.(remark): schema.prisma says unique index (remark); migrations give missing",
      "  user  users.extra: schema.prisma says no such column; migrations give column integer",
      "  user  users.avatar: schema.prisma says type character varying(255); migrations give type character varying(300)",
      "  user  users.address: schema.prisma says NOT NULL; migrations give nullable",
      "  user  users.signature: schema.prisma says default ''; migrations give default 'hi'",
      "  user  users.(username): schema.prisma says unique index (username); migrations give missing",
      "  user  sessions.(user_id): schema.prisma says index (user_id); migrations give missing",
      "  user  sessions.foreign key (user_id): schema.prisma says → users(id) ON DELETE CASCADE ON UPDATE NO ACTION; migrations give → users(id) ON DELETE RESTRICT ON UPDATE NO ACTION",
    ].sort(),
  );
});

test("a table without a model, and a model without a table, are reported", async () => {
  editSchema((s) => `${s}\nmodel Note {\n  id BigInt @id @default(autoincrement())\n\n  @@map("notes")\n}\n`);
  writeFileSync(join(dir, "migrations/9999_extra.sql"), "CREATE TABLE stray (id int PRIMARY KEY);");
  const results = await checkSchemas([drifted()], TEST_DATABASE_URL);
  expect(lines(results).sort()).toEqual([
    "  user  notes: schema.prisma says table; migrations give missing",
    "  user  stray: schema.prisma says no such table; migrations give table",
  ]);
});

test("Unsupported() columns (left out of Prisma's DMMF) and list defaults are compared too", async () => {
  editSchema(
    (s) =>
      `${s}\nmodel Note {\n  id BigInt @id\n  tags BigInt[] @default([])\n  words Unsupported("tsvector")\n  extra Unsupported("tsvector")? @map("more_words")\n\n  @@map("notes")\n}\n`,
  );
  writeFileSync(
    join(dir, "migrations/9999_notes.sql"),
    "CREATE TABLE notes (id bigint PRIMARY KEY, tags bigint[] DEFAULT '{}', words tsvector, more_words text);",
  );
  const results = await checkSchemas([drifted()], TEST_DATABASE_URL);
  expect(lines(results).sort()).toEqual([
    "  user  notes.more_words: schema.prisma says type tsvector; migrations give type text",
    "  user  notes.words: schema.prisma says NOT NULL; migrations give nullable",
  ]);
});

test("a schema.prisma Prisma rejects fails with Prisma's message", async () => {
  editSchema((s) => s.replace("BigInt      @id", "Bogus      @id"));
  await expect(checkSchemas([drifted()], TEST_DATABASE_URL)).rejects.toThrow(/Bogus/);
});
