// Permission rows follow the contract on a real PostgreSQL (a database cloned from the migrated
// template, no permission yet): contract titles land in the table, admin-edited titles survive re-syncs.
import { allApiServices, type PermissionSpec, permissionSpecs } from "@wenku/kit";
import { useTestDatabase } from "../../../../jest/db.js";
import { createDb } from "../db.js";
import { syncPermissions } from "./permission.sync.js";

const db = useTestDatabase(createDb);

const specs = permissionSpecs(allApiServices());
const LIST_DOCUMENT = "/api.v1.DocumentAPI/ListDocument";
const DELETE_DOCUMENT = "/api.v1.DocumentAPI/DeleteDocument";
const UPDATE_CONFIG = "/api.v1.ConfigAPI/UpdateConfig";

const titles = async () =>
  new Map((await db().permission.findMany({ select: { path: true, title: true } })).map((p) => [p.path, p.title]));

/** An install synced before the contract had titles: every title (and its default) the bare RPC name. */
const toPreTitleState = () =>
  db()
    .$executeRaw`UPDATE permissions SET title = substring(path from '[^/]+$'), title_default = substring(path from '[^/]+$')
                 WHERE method = 'GRPC'`;

test("every contract permission is in the table under its contract title", async () => {
  expect(await syncPermissions(db(), specs)).toEqual({ added: specs.length, removed: 0, retitled: 0 });
  expect(await syncPermissions(db(), specs)).toEqual({ added: 0, removed: 0, retitled: 0 });
  const have = await titles();
  expect(have.size).toBe(specs.length);
  for (const s of specs) expect([s.path, have.get(s.path)]).toEqual([s.path, s.title]);
  expect(have.get(LIST_DOCUMENT)).toBe("文档列表");
});

test("a contract title change reaches the rows nobody edited; an admin's title stays", async () => {
  await db().permission.updateMany({ where: { path: LIST_DOCUMENT }, data: { title: "文档管理（含草稿）" } });
  const renamed: PermissionSpec[] = specs.map((s) =>
    s.path === LIST_DOCUMENT || s.path === DELETE_DOCUMENT ? { ...s, title: `${s.title}（新）` } : s,
  );
  expect(await syncPermissions(db(), renamed)).toEqual({ added: 0, removed: 0, retitled: 2 });
  let have = await titles();
  expect(have.get(LIST_DOCUMENT)).toBe("文档管理（含草稿）");
  expect(have.get(DELETE_DOCUMENT)).toBe("删除文档（新）");
  // Idempotent, and the admin's title survives every later start, whichever way the contract goes.
  expect(await syncPermissions(db(), renamed)).toEqual({ added: 0, removed: 0, retitled: 0 });
  expect(await syncPermissions(db(), specs)).toEqual({ added: 0, removed: 0, retitled: 2 });
  have = await titles();
  expect(have.get(LIST_DOCUMENT)).toBe("文档管理（含草稿）");
  expect(have.get(DELETE_DOCUMENT)).toBe("删除文档");
  await db().permission.updateMany({ where: { path: LIST_DOCUMENT }, data: { title: "文档列表" } });
});

test("an install from before contract titles takes them, except where an admin edited the title", async () => {
  await toPreTitleState();
  await db().permission.updateMany({ where: { path: UPDATE_CONFIG }, data: { title: "系统设置（改）" } });
  expect(await syncPermissions(db(), specs)).toEqual({ added: 0, removed: 0, retitled: specs.length });
  const have = await titles();
  expect(have.get(UPDATE_CONFIG)).toBe("系统设置（改）");
  for (const s of specs.filter((s) => s.path !== UPDATE_CONFIG)) expect(have.get(s.path)).toBe(s.title);
});

test("a permission new to the table arrives with its contract title and goes to the super-admin groups", async () => {
  const root = await db().group.create({ data: { title: "root-like" } });
  const all = await db().permission.findMany({ select: { id: true } });
  await db().groupPermission.createMany({ data: all.map((p) => ({ groupId: root.id, permissionId: p.id })) });
  await db().permission.deleteMany({ where: { path: UPDATE_CONFIG } });

  expect(await syncPermissions(db(), specs)).toEqual({ added: 1, removed: 0, retitled: 0 });
  const row = await db().permission.findFirstOrThrow({
    where: { path: UPDATE_CONFIG },
    include: { groups: { select: { groupId: true } } },
  });
  expect(row.title).toBe("更新配置");
  expect(row.groups.map((g) => g.groupId)).toEqual([root.id]);
});

test("a row whose RPC left the contract is removed", async () => {
  await db().permission.create({ data: { method: "GRPC", path: "/api.v1.DocumentAPI/Gone", title: "Gone" } });
  expect(await syncPermissions(db(), specs)).toEqual({ added: 0, removed: 1, retitled: 0 });
  expect((await titles()).has("/api.v1.DocumentAPI/Gone")).toBe(false);
});
