// The operator's password reset (npm run admin:reset-password) on real PostgreSQL: the user service's
// hashing and password rules, exactly the username given, every session of the account ended.
import { randomUUID } from "node:crypto";
import { DomainError } from "@wenku/kit";
import { useTestDatabase } from "../../../../jest/db.js";
import { verifyPassword } from "../auth/password.js";
import { createDb } from "../db.js";
import { seedAccounts } from "../permissions/seed.js";
import { resetPassword } from "./password.reset.js";
import { createUserRepository } from "./user.repository.js";

const db = useTestDatabase(createDb);
const OLD = "old-password-1";

async function admin() {
  return db().user.findUniqueOrThrow({ where: { username: "admin" } });
}

async function signIn(userId: bigint): Promise<string> {
  const id = randomUUID();
  await createUserRepository(db()).createSession({
    id,
    userId,
    ip: "127.0.0.1",
    userAgent: "test",
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return id;
}

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error("expected a refusal");
}

beforeAll(async () => {
  await seedAccounts(db(), { adminPassword: OLD });
});

test("a generated password replaces the old one and ends every session of the account", async () => {
  const before = await admin();
  const sessions = [await signIn(before.id), await signIn(before.id)];
  const r = await resetPassword(db(), { username: "admin" });
  expect(r).toMatchObject({ username: "admin", generated: true, sessionsEnded: 2 });
  expect(r.password).toMatch(/^[\w-]{16}$/);
  const after = await admin();
  expect(await verifyPassword(after.password, r.password)).toBe(true);
  expect(await verifyPassword(after.password, OLD)).toBe(false);
  const rows = await db().session.findMany({ where: { id: { in: sessions } } });
  expect(rows.map((s) => s.revokedAt !== null)).toEqual([true, true]);
});

test("a given password is checked by the registration rules and set", async () => {
  expect((await refusal(resetPassword(db(), { username: "admin", password: "abc" }))).kind).toBe("invalid_argument");
  const r = await resetPassword(db(), { username: "admin", password: "typed-pass-9" });
  expect(r).toMatchObject({ generated: false, sessionsEnded: 0 });
  expect(await verifyPassword((await admin()).password, "typed-pass-9")).toBe(true);
});

test("only exactly the username given: an unknown or lookalike name changes nothing", async () => {
  const hash = (await admin()).password;
  for (const username of ["nobody", "ADMIN"]) {
    expect((await refusal(resetPassword(db(), { username }))).kind).toBe("not_found");
  }
  expect((await admin()).password).toBe(hash);
});
