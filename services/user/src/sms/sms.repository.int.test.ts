// The sms table on a real PostgreSQL: a send starts as "sending" and ends with the vendor's verdict;
// lists filter by number, type, status and keyword, newest first, with the account's name; a deleted
// account leaves its records (user id cleared).
import { useTestDatabase } from "../../../../jest/db.js";
import { createDb } from "../db.js";
import { createSmsRepository, type SmsListFilter } from "./sms.repository.js";

const db = useTestDatabase(createDb);

const page = { skip: 0, take: 10 };
const none: Omit<SmsListFilter, "skip" | "take"> = { wd: "", mobile: "", userIds: [], statuses: [], types: [] };

test("records a send, its verdict and lists it with filters, the account's name, newest first", async () => {
  const repo = createSmsRepository(db());
  const user = await db().user.create({ data: { username: "sms_owner", password: "x", mobile: "13900000001" } });
  const a = await repo.create({
    mobile: "13900000001",
    type: 1,
    content: "码 ******",
    provider: "smsTencent",
    ip: "10.0.0.1",
    userId: user.id,
  });
  const b = await repo.create({
    mobile: "13900000002",
    type: 0,
    content: "码 ******",
    provider: "smsAliyun",
    ip: "",
    userId: null,
  });
  expect((await repo.byId(a.id))?.status).toBe(0);
  await repo.finish(a.id, { status: 1, response: '{"ok":1}', error: "" });
  await repo.finish(b.id, { status: 2, response: "<html>", error: "x".repeat(600) });

  const failed = await repo.byId(b.id);
  expect([failed?.status, failed?.error.length, failed?.response]).toEqual([2, 500, "<html>"]);

  const all = await repo.list({ ...none, ...page });
  expect([all.total, all.rows.map((r) => r.id)]).toEqual([2, [b.id, a.id]]);
  expect(all.rows[1]?.user?.username).toBe("sms_owner");
  const by = async (f: Partial<typeof none>) => (await repo.list({ ...none, ...f, ...page })).rows.map((r) => r.id);
  expect(await by({ statuses: [2] })).toEqual([b.id]);
  expect(await by({ types: [1] })).toEqual([a.id]);
  expect(await by({ mobile: "13900000002" })).toEqual([b.id]);
  expect(await by({ wd: "aliyun" })).toEqual([b.id]);
  expect(await by({ userIds: [user.id] })).toEqual([a.id]);
  expect((await repo.lastAt("13900000001"))?.getTime()).toBe((await repo.byId(a.id))?.createdAt.getTime());
  expect(await repo.lastAt("13900000009")).toBeNull();

  await db().user.delete({ where: { id: user.id } });
  const kept = await repo.byId(a.id);
  expect([kept?.userId, kept?.status]).toEqual([null, 1]);
});
