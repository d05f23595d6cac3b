// The VIP tables' SQL on a real PostgreSQL: grants for one member run one after the other under the
// membership row's lock (concurrent orders add up, one order raced by many deliveries counts once), a
// running membership adds a card's free downloads while a lapsed one starts over, and deleted cards
// leave the lists but stay for the orders naming them.
import { VipCardType } from "@wenku/proto/api/v1/enums_pb.js";
import { useTestDatabase } from "../../../../jest/db.js";
import { createDb } from "../db.js";
import { type Benefits, createVipRepository, type Grant } from "./vip.repository.js";
import { extendExpiry, type VipCardData } from "./vip.rules.js";

const db = useTestDatabase(createDb);
const repo = () => createVipRepository(db());

const NOW = new Date("2026-03-01T08:00:00Z");
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

let users = 0n;
const newUser = () => ++users;
const grant = (userId: bigint, days: number, over: Partial<Grant> = {}): Grant => ({
  userId,
  username: `member${userId}`,
  cardType: VipCardType.MONTH,
  days,
  cardId: 0n,
  grantedBy: 0n,
  remark: "",
  extend: (current) => extendExpiry(current, days, over.now ?? NOW),
  now: NOW,
  ...over,
});
const card = (title: string, over: Partial<VipCardData> = {}): VipCardData => ({
  title,
  type: VipCardType.MONTH,
  price: 1000,
  creditPrice: 0,
  days: 30,
  description: "",
  enable: true,
  sort: 0,
  discount: 1,
  ...over,
});
const benefits = (download: number, over: Partial<Benefits> = {}): Benefits => ({
  cardId: 1n,
  documentDiscount: 80,
  download,
  timesEveryDay: 5,
  ...over,
});

test("a new member's first grant runs from now; concurrent orders for one member all add up", async () => {
  const u = newUser();
  const first = await repo().grant(grant(u, 30, { orderId: 9001n }));
  expect(first).toMatchObject({ granted: true, member: { expiredAt: at(30), totalDays: 30, username: `member${u}` } });
  const results = await Promise.all(
    [9002n, 9003n, 9004n, 9005n].map((orderId) => repo().grant(grant(u, 10, { orderId }))),
  );
  expect(results.every((r) => r.granted)).toBe(true);
  expect(await repo().member(u)).toMatchObject({ expiredAt: at(70), totalDays: 70 });
  const ends = (await db().vipGrant.findMany({ where: { userId: u }, orderBy: { id: "asc" } })).map((g) => g.expiredAt);
  expect(ends).toEqual([at(30), at(40), at(50), at(60), at(70)]); // each extended the one before
});

test("one order delivered many times at once extends the membership once", async () => {
  const u = newUser();
  const results = await Promise.all(Array.from({ length: 6 }, () => repo().grant(grant(u, 30, { orderId: 9100n }))));
  expect(results.filter((r) => r.granted)).toHaveLength(1);
  expect(results.every((r) => r.member.totalDays === 30 || !r.granted)).toBe(true);
  expect(await repo().member(u)).toMatchObject({ expiredAt: at(30), totalDays: 30 });
  expect(await db().vipGrant.count({ where: { orderId: 9100n } })).toBe(1);
  // an administrator's grants name no order: each one counts
  await Promise.all([repo().grant(grant(u, 1)), repo().grant(grant(u, 1))]);
  expect((await repo().member(u))?.totalDays).toBe(32);
});

test("benefits: a running membership adds free downloads, a lapsed one starts over; no card means none", async () => {
  const u = newUser();
  await repo().grant(grant(u, 30, { benefits: benefits(10) }));
  await db().userVip.update({ where: { userId: u }, data: { downloadUsed: 4 } });
  await repo().grant(grant(u, 30, { benefits: benefits(5, { documentDiscount: 70 }) }));
  expect(await repo().member(u)).toMatchObject({ download: 15, downloadUsed: 4, documentDiscount: 70 });
  // an administrator's grant without a card keeps a running membership's benefits
  await repo().grant(grant(u, 1));
  expect(await repo().member(u)).toMatchObject({ download: 15, downloadUsed: 4, documentDiscount: 70, totalDays: 61 });

  // 100 days on, the membership has lapsed: the next card's benefits replace it, nothing used
  const later = at(100);
  const lapsed = await repo().grant(grant(u, 30, { now: later, benefits: benefits(3) }));
  expect(lapsed.member).toMatchObject({
    download: 3,
    downloadUsed: 0,
    expiredAt: new Date(later.getTime() + 30 * DAY),
  });
  // and a lapsed membership granted without a card has no benefits at all
  const v = newUser();
  await repo().grant(grant(v, 1, { benefits: benefits(9) }));
  await repo().grant(grant(v, 1, { now: at(5) }));
  expect(await repo().member(v)).toMatchObject({ cardId: 0n, documentDiscount: 100, download: 0, timesEveryDay: 0 });
});

test("cards: deleted ones leave lists and cardOfType but stay for paid orders; lists sort and filter", async () => {
  // the cards the migration seeds, set aside (deleted) so the lists hold this test's cards only
  const seeded = (await db().vipCard.findMany({ where: { deletedAt: null } })).map((c) => c.id);
  expect(await repo().deleteCards(seeded)).toBe(seeded.length);
  const year = await repo().createCard(card("year", { type: VipCardType.YEAR, sort: 1 }));
  const monthOff = await repo().createCard(card("month off", { sort: 9, enable: false }));
  const month = await repo().createCard(card("month", { sort: 5 }));
  const gone = await repo().createCard(card("gone", { sort: 99 }));
  expect(await repo().deleteCards([gone.id, 987654321n])).toBe(1);
  expect(await repo().deleteCards([gone.id])).toBe(0);
  expect(await repo().card(gone.id)).toBeNull();
  expect((await repo().anyCard(gone.id))?.title).toBe("gone");
  expect(await repo().updateCard(gone.id, card("revived"))).toBe(false);

  const titles = async (f: Parameters<ReturnType<typeof repo>["cards"]>[0], skip = 0, take = 10) =>
    (await repo().cards(f, skip, take)).rows.map((c) => c.title);
  expect(await titles({ type: [] })).toEqual(["month off", "month", "year"]);
  expect(await titles({ type: [], enable: true })).toEqual(["month", "year"]);
  expect(await titles({ type: [VipCardType.YEAR, VipCardType.SEASON] })).toEqual(["year"]);
  expect((await repo().cards({ type: [] }, 1, 1)).total).toBe(3);
  // an enabled card of the type first, though another has the larger sort
  expect((await repo().cardOfType(VipCardType.MONTH))?.id).toBe(month.id);
  await repo().updateCard(month.id, card("month", { enable: false }));
  expect((await repo().cardOfType(VipCardType.MONTH))?.id).toBe(monthOff.id);
  expect((await repo().cardOfType(VipCardType.SEASON)) ?? null).toBeNull();
  expect((await repo().card(year.id))?.type).toBe(VipCardType.YEAR);
});

test("members: newest end first, searched by username in any case, filtered by user and card type", async () => {
  const [a, b, c] = [newUser(), newUser(), newUser()];
  await repo().grant(grant(a, 10, { username: "Alice" }));
  await repo().grant(grant(b, 40, { username: "alina", cardType: VipCardType.SEASON }));
  await repo().grant(grant(c, 20, { username: "bob" }));
  const ids = async (f: Partial<Parameters<ReturnType<typeof repo>["members"]>[0]>) =>
    (await repo().members({ wd: "", userId: [a, b, c], cardType: [], ...f }, 0, 10)).rows.map((m) => m.userId);
  expect(await ids({})).toEqual([b, c, a]);
  expect(await ids({ wd: "ALI" })).toEqual([b, a]);
  expect(await ids({ cardType: [VipCardType.SEASON] })).toEqual([b]);
  expect(await ids({ userId: [c] })).toEqual([c]);
  const page = await repo().members({ wd: "", userId: [a, b, c], cardType: [] }, 2, 5);
  expect([page.total, page.rows.map((m) => m.userId)]).toEqual([3, [a]]);
});
