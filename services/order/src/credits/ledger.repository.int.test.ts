// The credits ledger's SQL on a real PostgreSQL: bookings for one user run one after the other under the
// balance row's lock, an idempotency key books once however many callers race with it, a balance never
// goes below 0 nor past the int column, and a user's entries page newest first.
import { useTestDatabase } from "../../../../jest/db.js";
import { createDb } from "../db.js";
import { type Booking, createLedgerRepository, MAX_BALANCE } from "./ledger.repository.js";

const db = useTestDatabase(createDb);
const repo = () => createLedgerRepository(db());

let seq = 0;
/** A booking with a key of its own. */
const booking = (userId: bigint, amount: number, over: Partial<Booking> = {}): Booking => ({
  userId,
  amount,
  code: amount > 0 ? "system_recharge" : "download",
  reason: "",
  refKind: "",
  refId: 0n,
  idempotencyKey: `test:${++seq}`,
  ...over,
});
let users = 0n;
const newUser = () => ++users;
const balanceOf = async (userId: bigint) => (await repo().balances([userId])).get(userId);
const entriesOf = (userId: bigint) => db().creditEntry.findMany({ where: { userId }, orderBy: { id: "asc" } });

test("a booking moves the balance and records it; its key replayed answers the first entry", async () => {
  const u = newUser();
  const first = await repo().book(booking(u, 30, { idempotencyKey: "replay:1", reason: "充值" }));
  expect(first).toMatchObject({ kind: "booked", entry: { userId: u, amount: 30, balanceAfter: 30, reason: "充值" } });
  const again = await repo().book(booking(u, 999, { idempotencyKey: "replay:1" }));
  expect(again.kind).toBe("replayed");
  expect(again.kind === "replayed" && again.entry.id).toBe(first.kind === "booked" && first.entry.id);
  expect(await balanceOf(u)).toBe(30);
  expect(await entriesOf(u)).toHaveLength(1);
});

test("a spend beyond the balance is refused with the balance, also a user's very first booking", async () => {
  const u = newUser();
  expect(await repo().book(booking(u, -1))).toEqual({ kind: "insufficient", balance: 0 });
  await repo().book(booking(u, 5));
  expect(await repo().book(booking(u, -6))).toEqual({ kind: "insufficient", balance: 5 });
  expect(await repo().book(booking(u, -5))).toMatchObject({ kind: "booked", entry: { balanceAfter: 0 } });
  expect(await balanceOf(u)).toBe(0);
  expect((await entriesOf(u)).map((e) => e.amount)).toEqual([5, -5]);
});

test("a balance past the int column is refused as overflow, the balance untouched", async () => {
  const u = newUser();
  await repo().book(booking(u, MAX_BALANCE - 1));
  expect(await repo().book(booking(u, 2))).toEqual({ kind: "overflow", balance: MAX_BALANCE - 1 });
  expect(await repo().book(booking(u, 1))).toMatchObject({ kind: "booked", entry: { balanceAfter: MAX_BALANCE } });
});

test("concurrent bookings for one user are serialised: every balance_after is distinct and the sum holds", async () => {
  const u = newUser();
  const results = await Promise.all(Array.from({ length: 20 }, () => repo().book(booking(u, 3))));
  expect(results.every((r) => r.kind === "booked")).toBe(true);
  expect(await balanceOf(u)).toBe(60);
  const after = (await entriesOf(u)).map((e) => e.balanceAfter).sort((a, b) => a - b);
  expect(after).toEqual(Array.from({ length: 20 }, (_, i) => (i + 1) * 3));
});

test("concurrent spends never overdraw: exactly the balance's worth is booked", async () => {
  const u = newUser();
  await repo().book(booking(u, 5));
  const results = await Promise.all(Array.from({ length: 12 }, () => repo().book(booking(u, -1))));
  expect(results.filter((r) => r.kind === "booked")).toHaveLength(5);
  expect(results.filter((r) => r.kind === "insufficient")).toHaveLength(7);
  expect(await balanceOf(u)).toBe(0);
});

test("one key raced by many callers books once; the others answer the same entry", async () => {
  const u = newUser();
  const results = await Promise.all(
    Array.from({ length: 10 }, () => repo().book(booking(u, 7, { idempotencyKey: "race:one-user" }))),
  );
  expect(results.filter((r) => r.kind === "booked")).toHaveLength(1);
  const ids = new Set(results.map((r) => (r.kind === "booked" || r.kind === "replayed" ? r.entry.id : null)));
  expect(ids.size).toBe(1);
  expect(ids.has(null)).toBe(false);
  expect(await balanceOf(u)).toBe(7);
});

test("one key booked for two users at once: the first stands, the other is told it was replayed", async () => {
  const [a, b] = [newUser(), newUser()];
  const results = await Promise.all(
    Array.from({ length: 6 }, (_, i) => repo().book(booking(i % 2 ? a : b, 4, { idempotencyKey: "race:two-users" }))),
  );
  expect(results.filter((r) => r.kind === "booked")).toHaveLength(1);
  expect(results.filter((r) => r.kind === "replayed")).toHaveLength(5);
  const balances = await repo().balances([a, b]);
  expect((balances.get(a) ?? 0) + (balances.get(b) ?? 0)).toBe(4);
});

test("balances: users without a booking are absent", async () => {
  const [a, nobody] = [newUser(), newUser()];
  await repo().book(booking(a, 2));
  const balances = await repo().balances([a, nobody]);
  expect([...balances]).toEqual([[a, 2]]);
  expect((await repo().balances([])).size).toBe(0);
});

test("entries page newest first with the total, optionally of some codes only", async () => {
  const u = newUser();
  for (const [amount, code] of [
    [10, "register"],
    [2, "sign"],
    [-3, "download"],
    [2, "sign"],
    [1, "upload"],
  ] as const)
    await repo().book(booking(u, amount, { code }));
  await repo().book(booking(newUser(), 9, { code: "sign" })); // another user's: never listed

  const page1 = await repo().entries(u, [], 0, 2);
  expect(page1.total).toBe(5);
  expect(page1.rows.map((r) => r.code)).toEqual(["upload", "sign"]);
  const page3 = await repo().entries(u, [], 4, 2);
  expect(page3.rows.map((r) => [r.code, r.balanceAfter])).toEqual([["register", 10]]);
  expect((await repo().entries(u, [], 10, 2)).rows).toEqual([]);

  const signs = await repo().entries(u, ["sign", "download"], 0, 10);
  expect(signs.total).toBe(3);
  expect(signs.rows.map((r) => r.amount)).toEqual([2, -3, 2]);
  expect((await repo().entries(u, ["sale"], 0, 10)).total).toBe(0);
});
