// The verification-code store on a real PostgreSQL: a code opens once, for its own channel, target
// and purpose, before it expires and within its attempts; every refusal reads the same.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { CodeType } from "@wenku/proto/api/v1/enums_pb.js";
import { useTestDatabase } from "../../../../jest/db.js";
import { createDb } from "../db.js";
import { createCodeRepository } from "./code.repository.js";
import { type CodeChannel, codeKeyFrom, codeMessages, createCodeStore, MAX_ATTEMPTS } from "./code.store.js";

const db = useTestDatabase(createDb);
let now = new Date("2026-03-01T08:00:00Z");
const compared: Array<[Buffer, Buffer]> = [];
const minutes: Record<CodeChannel, number> = { email: 10, sms: 5 };
const store = () =>
  createCodeStore({
    repo: createCodeRepository(db()),
    key: codeKeyFrom(randomBytes(32).toString("hex")),
    ttlMinutes: async (channel) => minutes[channel],
    clock: () => now,
    equal: (a, b) => {
      compared.push([a, b]);
      return timingSafeEqual(a, b);
    },
  });

let seq = 0;
const email = () => `user${++seq}@example.com`;
const refused = { name: "DomainError", kind: "invalid_argument", message: codeMessages.wrong, field: "code" };
const otherThan = (code: string) => ((Number(code) + 1) % 1_000_000).toString().padStart(6, "0");

beforeEach(() => {
  now = new Date(now.getTime() + 3_600_000);
  compared.length = 0;
});

test("a code is 6 digits, stored only as an HMAC, valid for the channel's minutes, and opens once", async () => {
  const s = store();
  const target = email();
  const { code, expiresAt } = await s.issue({ channel: "email", target, purpose: CodeType.REGISTER, ip: "10.0.0.1" });
  expect(code).toMatch(/^\d{6}$/);
  expect(expiresAt).toEqual(new Date(now.getTime() + 10 * 60_000));
  const rows = await db().verificationCode.findMany({ where: { target } });
  expect(rows).toHaveLength(1);
  expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
  expect(JSON.stringify(rows, (_k, v) => (typeof v === "bigint" ? String(v) : v))).not.toContain(code);

  await s.consume({ channel: "email", target, purpose: CodeType.REGISTER, code });
  // replayed
  await expect(s.consume({ channel: "email", target, purpose: CodeType.REGISTER, code })).rejects.toMatchObject(
    refused,
  );
  expect(await db().verificationCode.count({ where: { target } })).toBe(0);
});

test("the digests are compared in constant time (timingSafeEqual over equal lengths)", async () => {
  const s = store();
  const target = email();
  const { code } = await s.issue({ channel: "email", target, purpose: CodeType.LOGIN, ip: "" });
  await expect(
    s.consume({ channel: "email", target, purpose: CodeType.LOGIN, code: otherThan(code) }),
  ).rejects.toMatchObject(refused);
  expect(compared).toHaveLength(1);
  const [a, b] = compared[0] ?? [];
  expect(a?.length).toBe(32);
  expect(b?.length).toBe(32);
  expect(a?.equals(b as Buffer)).toBe(false);
});

test("a wrong code is refused and the right one still opens afterwards", async () => {
  const s = store();
  const target = email();
  const { code } = await s.issue({ channel: "email", target, purpose: CodeType.REGISTER, ip: "" });
  for (const wrong of [otherThan(code), "12345", "abcdef", "", `${code}0`]) {
    await expect(
      s.consume({ channel: "email", target, purpose: CodeType.REGISTER, code: wrong }),
    ).rejects.toMatchObject(refused);
  }
  await s.consume({ channel: "email", target, purpose: CodeType.REGISTER, code });
});

test("an expired code is refused: the e-mail minutes and the SMS minutes apply to their own channel", async () => {
  const s = store();
  const target = email();
  const mail = await s.issue({ channel: "email", target, purpose: CodeType.FIND_PASSWORD, ip: "" });
  const sms = await s.issue({ channel: "sms", target: "+8613800000000", purpose: CodeType.FIND_PASSWORD, ip: "" });
  expect(sms.expiresAt).toEqual(new Date(now.getTime() + 5 * 60_000));
  now = new Date(now.getTime() + 5 * 60_000 + 1);
  await expect(
    s.consume({ channel: "sms", target: "+8613800000000", purpose: CodeType.FIND_PASSWORD, code: sms.code }),
  ).rejects.toMatchObject(refused);
  now = new Date(mail.expiresAt.getTime());
  await expect(
    s.consume({ channel: "email", target, purpose: CodeType.FIND_PASSWORD, code: mail.code }),
  ).rejects.toMatchObject(refused);
});

test("a code is bound to its purpose, its target and its channel", async () => {
  const s = store();
  const target = email();
  const { code } = await s.issue({ channel: "email", target, purpose: CodeType.REGISTER, ip: "" });
  await expect(s.consume({ channel: "email", target, purpose: CodeType.FIND_PASSWORD, code })).rejects.toMatchObject(
    refused,
  );
  await expect(
    s.consume({ channel: "email", target: email(), purpose: CodeType.REGISTER, code }),
  ).rejects.toMatchObject(refused);
  await expect(s.consume({ channel: "sms", target, purpose: CodeType.REGISTER, code })).rejects.toMatchObject(refused);
  // none of those touched the right one
  await s.consume({ channel: "email", target, purpose: CodeType.REGISTER, code });
});

test(`after ${MAX_ATTEMPTS} wrong attempts even the right code is refused, until a new code is issued`, async () => {
  const s = store();
  const target = email();
  const { code } = await s.issue({ channel: "sms", target, purpose: CodeType.LOGIN, ip: "" });
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    await expect(
      s.consume({ channel: "sms", target, purpose: CodeType.LOGIN, code: otherThan(code) }),
    ).rejects.toMatchObject(refused);
  }
  await expect(s.consume({ channel: "sms", target, purpose: CodeType.LOGIN, code })).rejects.toMatchObject(refused);
  const next = await s.issue({ channel: "sms", target, purpose: CodeType.LOGIN, ip: "" });
  await s.consume({ channel: "sms", target, purpose: CodeType.LOGIN, code: next.code });
});

test(`the ${MAX_ATTEMPTS}th attempt may still be the right one`, async () => {
  const s = store();
  const target = email();
  const { code } = await s.issue({ channel: "email", target, purpose: CodeType.LOGIN, ip: "" });
  for (let i = 0; i < MAX_ATTEMPTS - 1; i++) {
    await expect(
      s.consume({ channel: "email", target, purpose: CodeType.LOGIN, code: otherThan(code) }),
    ).rejects.toMatchObject(refused);
  }
  await s.consume({ channel: "email", target, purpose: CodeType.LOGIN, code });
});

test("only the newest code counts: issuing again voids the earlier code", async () => {
  const s = store();
  const target = email();
  const first = await s.issue({ channel: "email", target, purpose: CodeType.REGISTER, ip: "" });
  let second = await s.issue({ channel: "email", target, purpose: CodeType.REGISTER, ip: "" });
  while (second.code === first.code)
    second = await s.issue({ channel: "email", target, purpose: CodeType.REGISTER, ip: "" });
  await expect(
    s.consume({ channel: "email", target, purpose: CodeType.REGISTER, code: first.code }),
  ).rejects.toMatchObject(refused);
  await s.consume({ channel: "email", target, purpose: CodeType.REGISTER, code: second.code });
  expect(await db().verificationCode.count({ where: { target } })).toBe(0);
});

test("concurrent attempts: the right code opens exactly once, and guesses never exceed the attempt limit", async () => {
  const s = store();
  const target = email();
  const { code } = await s.issue({ channel: "email", target, purpose: CodeType.REGISTER, ip: "" });
  const right = await Promise.allSettled(
    Array.from({ length: 6 }, () => s.consume({ channel: "email", target, purpose: CodeType.REGISTER, code })),
  );
  expect(right.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  // Callers that claimed an attempt before the winner removed the row compare too: up to the limit.
  expect(compared.length).toBeGreaterThanOrEqual(1);
  expect(compared.length).toBeLessThanOrEqual(MAX_ATTEMPTS);
  compared.length = 0;

  const again = await s.issue({ channel: "email", target, purpose: CodeType.REGISTER, ip: "" });
  const guesses = await Promise.allSettled(
    Array.from({ length: 12 }, () =>
      s.consume({ channel: "email", target, purpose: CodeType.REGISTER, code: otherThan(again.code) }),
    ),
  );
  expect(guesses.every((r) => r.status === "rejected")).toBe(true);
  // Each attempt is claimed atomically before comparing: exactly the limit of the 12 guesses get compared.
  expect(compared).toHaveLength(MAX_ATTEMPTS);
  await expect(
    s.consume({ channel: "email", target, purpose: CodeType.REGISTER, code: again.code }),
  ).rejects.toMatchObject(refused);
});

test("expired codes are swept when new ones are issued", async () => {
  const s = store();
  const stale = email();
  await s.issue({ channel: "email", target: stale, purpose: CodeType.REGISTER, ip: "" });
  now = new Date(now.getTime() + 11 * 60_000);
  await s.issue({ channel: "email", target: email(), purpose: CodeType.REGISTER, ip: "" });
  expect(await db().verificationCode.count({ where: { target: stale } })).toBe(0);
});

test("a setting out of range falls back to 10 minutes", async () => {
  const s = createCodeStore({
    repo: createCodeRepository(db()),
    key: codeKeyFrom("another secret of enough length for the test"),
    ttlMinutes: async () => 0,
    clock: () => now,
  });
  const { expiresAt } = await s.issue({ channel: "email", target: email(), purpose: CodeType.REGISTER, ip: "" });
  expect(expiresAt).toEqual(new Date(now.getTime() + 10 * 60_000));
});
