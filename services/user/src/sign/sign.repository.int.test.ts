// Check-ins' SQL on a real PostgreSQL: one per user and day however many arrive at once (the unique
// index), and the check-in, its feed entry and what it owes the ledger commit together or not at all.
import { isUniqueViolation } from "@wenku/kit";
import { useTestDatabase } from "../../../../jest/db.js";
import { createDb } from "../db.js";
import { DynamicType } from "../dynamics/dynamic.repository.js";
import { createUserRepository } from "../users/user.repository.js";
import { createSignRepository } from "./sign.repository.js";

const db = useTestDatabase(createDb);
const repo = () => createSignRepository(db());

let seq = 0;
const newUser = async () =>
  (await createUserRepository(db()).create({ username: `signer${++seq}`, passwordHash: "x", registerIp: "" })).id;
const owesNothing = async () => {};
const feed = (userId: bigint) => db().dynamic.findMany({ where: { userId, type: DynamicType.sign } });

test("concurrent check-ins of one day: one is stored with its feed entry, the others are unique violations", async () => {
  const u = await newUser();
  const results = await Promise.allSettled(
    Array.from({ length: 6 }, (_, i) =>
      repo().signOnce(
        { userId: u, day: 20260301, ip: `10.0.0.${i}`, award: 2 },
        { content: "签到", params: {} },
        owesNothing,
      ),
    ),
  );
  const stored = results.filter((r) => r.status === "fulfilled");
  expect(stored).toHaveLength(1);
  for (const r of results) if (r.status === "rejected") expect(isUniqueViolation(r.reason)).toBe(true);
  expect(await repo().byDay(u, 20260301)).toMatchObject({ userId: u, day: 20260301, award: 2 });
  expect(await feed(u)).toHaveLength(1);
  // the next day is another check-in
  await repo().signOnce({ userId: u, day: 20260302, ip: "", award: 0 }, { content: "签到", params: {} }, owesNothing);
  expect(await repo().byDay(u, 20260302)).not.toBeNull();
  expect(await repo().byDay(u, 20260303)).toBeNull();
});

test("when what it owes cannot be written, neither the check-in nor its feed entry is stored", async () => {
  const u = await newUser();
  const seen: bigint[] = [];
  await expect(
    repo().signOnce(
      { userId: u, day: 20260301, ip: "", award: 5 },
      { content: "签到", params: {} },
      async (_tx, sign) => {
        seen.push(sign.id);
        throw new Error("outbox write failed");
      },
    ),
  ).rejects.toThrow("outbox write failed");
  expect(seen).toHaveLength(1); // the owed write saw the check-in inside the transaction
  expect(await repo().byDay(u, 20260301)).toBeNull();
  expect(await feed(u)).toEqual([]);
  // the day stays free for a check-in that succeeds
  await repo().signOnce({ userId: u, day: 20260301, ip: "", award: 5 }, { content: "签到", params: {} }, owesNothing);
  expect(await feed(u)).toHaveLength(1);
});
