// Accounts' SQL on a real PostgreSQL beyond usernames (user.repository.int.test.ts): the staff list's
// filters, search and stable pages; a VIP end that only moves later unless forced, also when two
// arrive at once; sessions revoked but the caller's own; group changes that would leave no
// super-admin member rolled back whole.
import { allApiServices, permissionSpecs } from "@wenku/kit";
import { useTestDatabase } from "../../../../jest/db.js";
import { createDb } from "../db.js";
import { createGroupRepository } from "../groups/group.repository.js";
import { syncPermissions } from "../permissions/permission.sync.js";
import { createUserRepository, LastAdminError, type UserListFilter } from "./user.repository.js";

const db = useTestDatabase(createDb);
// the permissions as the user service syncs them from the contract at start
beforeAll(() => syncPermissions(db(), permissionSpecs(allApiServices())));
const repo = () => createUserRepository(db());
const groups = () => createGroupRepository(db());

const DAY = 86_400_000;
const NOW = new Date("2026-03-01T08:00:00Z");
const create = (username: string, over: { email?: string; mobile?: string; groupIds?: bigint[] } = {}) =>
  repo().create({ username, passwordHash: "x", registerIp: "", groupIds: [], ...over });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

test("list: filters combine, the search looks at username, e-mail, real name (any case) and mobile", async () => {
  const g = await groups().save(0n, { title: "list-group" });
  const ann = await create("Ann", { email: "ann@Example.com", groupIds: [g.id] });
  const bob = await create("bob", { mobile: "13800001234" });
  const cat = await create("cat", { groupIds: [g.id] });
  await repo().update(cat.id, { realname: "Annika" });
  await db().user.update({ where: { id: bob.id }, data: { status: 1 } });
  const mine = [ann.id, bob.id, cat.id];
  const list = (f: Partial<UserListFilter>) =>
    repo().list({
      ids: mine,
      groupIds: [],
      statuses: [],
      wd: "",
      sort: { column: "id", dir: "asc" },
      skip: 0,
      take: 10,
      ...f,
    });
  const ids = async (f: Partial<UserListFilter>) => (await list(f)).rows.map((u) => u.id);

  expect(await ids({})).toEqual([ann.id, bob.id, cat.id]);
  expect(await ids({ wd: "ANN" })).toEqual([ann.id, cat.id]); // username and real name
  expect(await ids({ wd: "example.COM" })).toEqual([ann.id]);
  expect(await ids({ wd: "0000123" })).toEqual([bob.id]);
  expect(await ids({ statuses: [1] })).toEqual([bob.id]);
  expect(await ids({ groupIds: [g.id], wd: "cat" })).toEqual([cat.id]);
  expect((await list({ groupIds: [g.id] })).rows.map((u) => u.groups.length)).toEqual([1, 1]);
  const byName = await list({ sort: { column: "username", dir: "desc" }, skip: 1, take: 1 });
  expect([byName.total, byName.rows.map((u) => u.username)]).toEqual([3, ["bob"]]);
});

test("list pages sorted by a column with ties neither repeat nor skip an account", async () => {
  const made = await Promise.all(["tie1", "tie2", "tie3", "tie4", "tie5"].map((n) => create(n)));
  const ids = made.map((u) => u.id);
  await db().user.updateMany({ where: { id: { in: ids } }, data: { createdAt: NOW } });
  const page = async (skip: number) =>
    (
      await repo().list({
        ids,
        groupIds: [],
        statuses: [],
        wd: "",
        sort: { column: "createdAt", dir: "asc" },
        skip,
        take: 2,
      })
    ).rows.map((u) => u.id);
  const pages = [...(await page(0)), ...(await page(2)), ...(await page(4))];
  expect(pages).toEqual([...ids].sort((a, b) => (a > b ? -1 : 1))); // the id breaks ties, newest first
});

test("a VIP end moves only later unless forced, also when two arrive at once", async () => {
  const u = await create("vipper");
  expect(await repo().vipExpiry(u.id)).toBeNull();
  expect(await repo().setVipExpiry(u.id, new Date(NOW.getTime() + 10 * DAY), false)).toEqual({
    expiredAt: new Date(NOW.getTime() + 10 * DAY),
  });
  await repo().setVipExpiry(u.id, new Date(NOW.getTime() + DAY), false);
  expect(await repo().vipExpiry(u.id)).toEqual(new Date(NOW.getTime() + 10 * DAY));
  await Promise.all([30, 20].map((d) => repo().setVipExpiry(u.id, new Date(NOW.getTime() + d * DAY), false)));
  expect(await repo().vipExpiry(u.id)).toEqual(new Date(NOW.getTime() + 30 * DAY));
  await repo().setVipExpiry(u.id, NOW, true);
  expect(await repo().vipExpiry(u.id)).toEqual(NOW);
  expect(await repo().setVipExpiry(987654321n, NOW, false)).toBeUndefined();
});

test("sessions: revoked once; revoking a user's sessions spares the caller's own", async () => {
  const u = await create("sessions");
  const other = await create("other-sessions");
  const ids = ["0b0e1a54-0000-4000-8000-000000000001", "0b0e1a54-0000-4000-8000-000000000002"];
  for (const id of ids)
    await repo().createSession({
      id,
      userId: u.id,
      ip: "10.0.0.1",
      userAgent: "",
      expiresAt: new Date(Date.now() + DAY),
    });
  const theirs = "0b0e1a54-0000-4000-8000-000000000003";
  await repo().createSession({
    id: theirs,
    userId: other.id,
    ip: "",
    userAgent: "",
    expiresAt: new Date(Date.now() + DAY),
  });
  expect((await repo().byId(u.id))?.lastLoginIp).toBe("10.0.0.1");

  expect((await repo().revokeSession(theirs, u.id)).count).toBe(0); // not this user's session
  expect((await repo().revokeUserSessions([u.id], ids[0])).count).toBe(1);
  const live = await db().session.findMany({ where: { revokedAt: null }, orderBy: { id: "asc" } });
  expect(live.map((s) => s.id)).toEqual([ids[0], theirs]);
  expect((await repo().revokeSession(ids[0] as string, u.id)).count).toBe(1);
  expect((await repo().revokeSession(ids[0] as string, u.id)).count).toBe(0);
});

test("a group change that leaves no super-admin member is rolled back with the other fields", async () => {
  const perms = (await db().permission.findMany({ select: { id: true } })).map((p) => p.id);
  const admins = await groups().save(0n, { title: "accounts-admins" });
  const plain = await groups().save(0n, { title: "accounts-plain" });
  const admin = await create("only-admin", { groupIds: [admins.id] });
  await groups().setPermissions(admins.id, perms);
  expect(await repo().otherAdmins([])).toBe(1);
  expect(await repo().otherAdmins([admin.id])).toBe(0);

  const err = await failure(repo().update(admin.id, { realname: "changed" }, [plain.id], true));
  expect(err).toBeInstanceOf(LastAdminError);
  const after = await repo().byId(admin.id);
  expect([after?.realname, after?.groups.map((g) => g.groupId)]).toEqual(["", [admins.id]]);
  // keeping the super-admin group, the same change stands
  await repo().update(admin.id, { realname: "kept" }, [admins.id, plain.id], true);
  expect((await repo().groupsOf(admin.id)).map((g) => g.id).sort()).toEqual([admins.id, plain.id].sort());
});
