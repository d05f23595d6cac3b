// Punishments' SQL on a real PostgreSQL: one row per user and type (a new punishment of that type
// replaces it and extends its audit trail), in force while enabled and before its end (none: for
// good), lists filtered, searched and paged newest first with the user's name.
import { useTestDatabase } from "../../../../jest/db.js";
import { createDb } from "../db.js";
import { createUserRepository } from "../users/user.repository.js";
import { createPunishmentRepository, type PunishmentListFilter } from "./punishment.repository.js";

const db = useTestDatabase(createDb);
const repo = () => createPunishmentRepository(db());

const NOW = new Date("2026-03-01T08:00:00Z");
const HOUR = 3_600_000;
let seq = 0;
const newUser = async () =>
  (await createUserRepository(db()).create({ username: `punished${++seq}`, passwordHash: "x", registerIp: "" })).id;
const punish = (
  userId: bigint,
  type: number,
  over: Partial<{ enable: boolean; reason: string; remark: string; endTime: Date | null }> = {},
) =>
  repo().upsert(
    { userId, type },
    { enable: true, reason: "", remark: "", endTime: null, startTime: NOW, ...over },
    (previous) => JSON.stringify([...(JSON.parse(previous) as string[]), `op${++seq}`]),
  );

test("a new punishment of a type the user had replaces that row and extends its operators", async () => {
  const u = await newUser();
  const first = await punish(u, 1, { reason: "spam" });
  expect(JSON.parse(first.operators)).toHaveLength(1);
  const second = await punish(u, 1, { reason: "spam again", endTime: new Date(NOW.getTime() + HOUR) });
  expect(second.id).toBe(first.id);
  expect(second).toMatchObject({ reason: "spam again", endTime: new Date(NOW.getTime() + HOUR) });
  expect(JSON.parse(second.operators)).toHaveLength(2);
  const other = await punish(u, 2);
  expect(other.id).not.toBe(first.id);
  expect(await db().punishment.count({ where: { userId: u } })).toBe(2);
});

test("in force: enabled and without an end or before it; the end itself is over", async () => {
  const u = await newUser();
  await punish(u, 1); // for good
  await punish(u, 2, { endTime: new Date(NOW.getTime() + HOUR), reason: "until later" });
  await punish(u, 3, { endTime: NOW }); // ends right now
  await punish(u, 4, { enable: false });
  const types = async (at: Date) => (await repo().active(u, at)).map((p) => p.type).sort();
  expect(await types(NOW)).toEqual([1, 2]);
  expect(await types(new Date(NOW.getTime() - 1))).toEqual([1, 2, 3]);
  expect(await types(new Date(NOW.getTime() + HOUR))).toEqual([1]);
  expect(await repo().active(await newUser(), NOW)).toEqual([]);
  expect((await repo().active(u, NOW)).find((p) => p.type === 2)?.reason).toBe("until later");
});

test("list: filters combine, the search looks at reason and remark in any case, newest first", async () => {
  const [a, b] = [await newUser(), await newUser()];
  const p1 = await punish(a, 1, { reason: "Spam links" });
  const p2 = await punish(a, 2, { remark: "SPAM in comments", enable: false });
  const p3 = await punish(b, 1, { reason: "rude" });
  const list = (f: Partial<PunishmentListFilter>) =>
    repo().list({ wd: "", types: [], enable: [], userIds: [a, b], skip: 0, take: 10, ...f });
  const ids = async (f: Partial<PunishmentListFilter>) => (await list(f)).rows.map((r) => r.id);

  expect(await ids({})).toEqual([p3.id, p2.id, p1.id]);
  expect(await ids({ wd: "spam" })).toEqual([p2.id, p1.id]);
  expect(await ids({ types: [1] })).toEqual([p3.id, p1.id]);
  expect(await ids({ enable: [false] })).toEqual([p2.id]);
  expect(await ids({ enable: [true, false] })).toEqual([p3.id, p2.id, p1.id]); // both: no filter
  expect(await ids({ userIds: [b] })).toEqual([p3.id]);
  const page = await list({ skip: 1, take: 1 });
  expect([page.total, page.rows.map((r) => [r.id, r.user.username])]).toEqual([
    3,
    [[p2.id, (await db().user.findUniqueOrThrow({ where: { id: a } })).username]],
  ]);
  expect(await repo().existingUserIds([a, 987654321n])).toEqual([a]);
});
