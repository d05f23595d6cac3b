// Groups' SQL on a real PostgreSQL: one default group at a time, a taken title refused by the unique
// index, lists sorted and searched with their member counts, and the super-admin groups (every
// permission): a permission change that would leave no super-admin member is rolled back whole.
import { allApiServices, isUniqueViolation, permissionSpecs } from "@wenku/kit";
import { useTestDatabase } from "../../../../jest/db.js";
import { createDb } from "../db.js";
import { syncPermissions } from "../permissions/permission.sync.js";
import { createUserRepository, LastAdminError } from "../users/user.repository.js";
import { createGroupRepository, type GroupData } from "./group.repository.js";

const db = useTestDatabase(createDb);
// the permissions as the user service syncs them from the contract at start
beforeAll(() => syncPermissions(db(), permissionSpecs(allApiServices())));
const repo = () => createGroupRepository(db());
const users = () => createUserRepository(db());

const group = (title: string, over: Partial<GroupData> = {}): GroupData => ({ title, ...over });
let seq = 0;
const member = async (groupIds: bigint[]) =>
  (await users().create({ username: `member${++seq}`, passwordHash: "x", registerIp: "", groupIds })).id;
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

test("the default flag moves to the group saved as default, also on update; one default at a time", async () => {
  const a = await repo().save(0n, group("default-a", { isDefault: true }));
  const b = await repo().save(0n, group("default-b", { isDefault: true }));
  const defaults = async () => (await db().group.findMany({ where: { isDefault: true } })).map((g) => g.id);
  expect(await defaults()).toEqual([b.id]);
  await repo().save(a.id, group("default-a", { isDefault: true, description: "again" }));
  expect(await defaults()).toEqual([a.id]);
  await repo().save(a.id, group("default-a", { isDefault: true })); // saving the default again keeps it
  expect(await defaults()).toEqual([a.id]);
  await repo().save(a.id, group("default-a", { isDefault: false }));
  expect(await defaults()).toEqual([]);
});

test("a taken title: titleTaken says so (not of the group itself) and the unique index refuses it", async () => {
  const g = await repo().save(0n, group("Editors"));
  expect(await repo().titleTaken("Editors")).toBe(true);
  expect(await repo().titleTaken("Editors", g.id)).toBe(false);
  expect(await repo().titleTaken("editors")).toBe(false); // titles are exact
  expect(isUniqueViolation(await failure(repo().save(0n, group("Editors"))))).toBe(true);
  const other = await repo().save(0n, group("Writers"));
  expect(isUniqueViolation(await failure(repo().save(other.id, group("Editors"))))).toBe(true);
  expect((await repo().byId(other.id))?.title).toBe("Writers");
  expect(await repo().byTitle("Nobody")).toBeNull();
});

test("list: larger sort first, then oldest; the search looks at title and description in any case", async () => {
  const low = await repo().save(0n, group("list-low", { sort: 1, description: "Reviewers of VIP" }));
  const high = await repo().save(0n, group("list-high", { sort: 9 }));
  const tie = await repo().save(0n, group("list-tie", { sort: 1 }));
  const vip = await repo().save(0n, group("VIP list", { sort: 0 }));
  await member([high.id]);
  await member([high.id, low.id]);

  const page = await repo().list({ wd: "list", skip: 0, take: 10 });
  expect(page.rows.map((g) => g.id)).toEqual([high.id, low.id, tie.id, vip.id]);
  expect(page.rows.map((g) => g._count.users)).toEqual([2, 1, 0, 0]);
  const second = await repo().list({ wd: "list", skip: 1, take: 2 });
  expect([second.total, second.rows.map((g) => g.id)]).toEqual([4, [low.id, tie.id]]);
  expect((await repo().list({ wd: "vip", skip: 0, take: 10 })).rows.map((g) => g.id)).toEqual([low.id, vip.id]);
  expect((await repo().list({ wd: "no such group", skip: 0, take: 10 })).total).toBe(0);
});

test("super-admin groups hold every permission; a change leaving no super-admin member is rolled back", async () => {
  // the permissions synced from the contract (beforeAll), in id order
  const ids = (await db().permission.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((p) => p.id);
  expect(ids.length).toBeGreaterThan(2);
  const admins = await repo().save(0n, group("perm-admins"));
  const staff = await repo().save(0n, group("perm-staff"));
  // a member first: without one, even granting everything leaves no super-admin member
  expect(await failure(repo().setPermissions(admins.id, ids))).toBeInstanceOf(LastAdminError);
  expect(await repo().permissionIdsOf(admins.id)).toEqual([]);
  await member([admins.id]);
  await repo().setPermissions(admins.id, ids);
  await repo().setPermissions(staff.id, ids.slice(0, -1));
  expect(await repo().adminGroupIds()).toEqual([admins.id]);
  expect(await repo().permissionIdsOf(staff.id)).toEqual(ids.slice(0, -1));
  expect(await repo().existingPermissionIds([ids[0] as bigint, 987654321n])).toEqual([ids[0]]);

  // the only super-admin group losing a permission would leave nobody with every permission
  expect(await failure(repo().setPermissions(admins.id, ids.slice(1)))).toBeInstanceOf(LastAdminError);
  expect(await repo().permissionIdsOf(admins.id)).toEqual(ids); // rolled back whole
  // with another super-admin group that has a member, it may
  await repo().setPermissions(staff.id, ids);
  await member([staff.id]);
  await repo().setPermissions(admins.id, []);
  expect(await repo().adminGroupIds()).toEqual([staff.id]);
});
