// `npm run admin:reset-password` as an operator runs it, against a real PostgreSQL (DATABASE_URL):
// it prints a generated password that the database now holds, or takes one from stdin.
import { spawn } from "node:child_process";
import { hash, verify } from "@node-rs/argon2";
import { createDb } from "@wenku/user";
import { createTestDatabase } from "../jest/db.js";

const root = new URL("..", import.meta.url).pathname;
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: ReturnType<typeof createDb>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = createDb(testDb.url);
  // the admin account as an installation holds it (the user service seeds it on first start)
  await db.user.create({ data: { username: "admin", password: await hash("first-password-1") } });
});
afterAll(async () => {
  await db?.$disconnect();
  await testDb?.drop();
});

function run(args: string[], stdin = ""): Promise<{ code: number | null; out: string; err: string }> {
  const env: Record<string, string | undefined> = { ...process.env, DATABASE_URL: testDb.url, NODE_OPTIONS: "" };
  for (const k of ["WENKU_ADMIN_PASSWORD", "NATS_URL", "LOG_PRETTY"]) delete env[k];
  const child = spawn("npm", ["run", "-s", "admin:reset-password", "--", ...args], { cwd: root, env });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += String(d)));
  child.stderr.on("data", (d) => (err += String(d)));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, out, err })));
}

const storedHash = async () => (await db.user.findUniqueOrThrow({ where: { username: "admin" } })).password;

test("without a password it prints a generated one, which the database now holds", async () => {
  const r = await run([]);
  expect(r.err).toBe("");
  expect(r.code).toBe(0);
  const password = /password {2}(\S+)/.exec(r.out)?.[1] ?? "";
  expect(password).toMatch(/^[\w-]{16}$/);
  expect(await verify(await storedHash(), password)).toBe(true);
  expect(await verify(await storedHash(), "first-password-1")).toBe(false);
}, 30_000);

test("--password-stdin takes the first line of stdin and does not echo it", async () => {
  const r = await run(["--username", "admin", "--password-stdin"], "typed-pass-9\nignored\n");
  expect(r.code).toBe(0);
  expect(r.out).not.toContain("typed-pass-9");
  expect(await verify(await storedHash(), "typed-pass-9")).toBe(true);
}, 30_000);
