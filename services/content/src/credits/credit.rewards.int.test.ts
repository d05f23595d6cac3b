// The reward rules' days and caps on a real PostgreSQL (credit_rewards, credit_outbox of migration
// 0018): a cap counts the rewards of one uploader and site-local day, a new local day (the site's time
// zone, not UTC) starts a new count, and a rule set to 0 owes nothing.
import type { CreditOutbox } from "@wenku/credit-outbox";
import type { SettingsReader } from "@wenku/kit";
import { useTestDatabase } from "../../../../jest/db.js";
import { createDb } from "../db.js";
import { createCreditRewards, localDay } from "./credit.rewards.js";

const db = useTestDatabase(createDb);

/** An outbox that records what is owed (delivery is the outbox's own test). */
function recordingOutbox() {
  const owed: string[] = [];
  const outbox: CreditOutbox = {
    async enqueue(_tx, b) {
      owed.push(b.idempotencyKey);
    },
    deliver: async () => true,
    sweep: async () => 0,
  };
  return { outbox, owed };
}

const settings = (score: Record<string, number>) =>
  ({ current: async () => ({ score, system: { creditName: "魔豆" } }) }) as unknown as Pick<SettingsReader, "current">;

test("a day is the site's: 16:30 UTC is already the next day in Shanghai", () => {
  expect(localDay(new Date("2026-11-24T16:30:00Z"), "Asia/Shanghai")).toBe("2026-11-25");
  expect(localDay(new Date("2026-11-24T16:30:00Z"), "UTC")).toBe("2026-11-24");
});

test("the upload cap counts one uploader's rewards per site-local day; the next local day counts anew", async () => {
  const { outbox, owed } = recordingOutbox();
  let now = new Date("2026-11-24T15:00:00Z"); // 23:00 in Shanghai
  const rewards = createCreditRewards({
    outbox,
    settings: settings({ uploadDocument: 5, uploadDocumentLimit: 2 }),
    timeZone: "Asia/Shanghai",
    clock: () => now,
  });
  const upload = async (id: bigint, userId = 11n) => {
    const plan = await rewards.plan();
    return db().$transaction((tx) => plan.uploaded(tx, [{ id, userId, title: `文档${id}` }]));
  };
  expect([await upload(1n), await upload(2n), await upload(3n)]).toEqual([
    ["content:upload:1"],
    ["content:upload:2"],
    [],
  ]);
  expect(await upload(4n, 12n)).toEqual(["content:upload:4"]); // another uploader has a count of their own
  now = new Date("2026-11-24T16:30:00Z"); // 00:30 the next day in Shanghai, still the 24th in UTC
  expect([await upload(5n), await upload(6n), await upload(7n)]).toEqual([
    ["content:upload:5"],
    ["content:upload:6"],
    [],
  ]);
  expect(await upload(1n)).toEqual([]); // a document is rewarded once, whatever the day
  expect(owed).toHaveLength(5);
});

test("a rule at 0 (upload limit, delete penalty, comment reward) owes nothing; a favorite of one's own document owes nothing", async () => {
  const { outbox, owed } = recordingOutbox();
  const rewards = createCreditRewards({
    outbox,
    settings: settings({ uploadDocument: 5, uploadDocumentLimit: 0, documentCollected: 2, documentCollectedLimit: 3 }),
    timeZone: "Asia/Shanghai",
  });
  const plan = await rewards.plan();
  const doc = { id: 21n, userId: 31n, title: "自己的" };
  const keys = await db().$transaction(async (tx) => [
    ...(await plan.uploaded(tx, [doc])),
    ...(await plan.recycled(tx, [doc])),
    ...(await plan.favorited(tx, doc, 31n)),
    ...(await plan.commented(tx, [{ userId: 31n, documentId: 21n }])),
  ]);
  expect(keys).toEqual([]);
  expect(owed).toEqual([]);
});
