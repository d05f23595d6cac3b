// Staff operations through the gateway: users (list, add, set, delete), groups and their
// permissions taking effect at once, permissions, punishments.
import { openUserDb } from "./db.js";
import { ADMIN_PASSWORD, registerUser, rest, startTestStack, testClock } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
/** The services' clock: punishment end times pass by moving it, not by waiting. */
const clock = testClock();
let admin: string;

const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);
const login = (username: string, password = "secret123") => call("POST", "/api/v1/user/login", { username, password });

beforeAll(async () => {
  stack = await startTestStack({ clock: clock.now });
  admin = (await login("admin", ADMIN_PASSWORD)).json.token as string;
});
afterAll(() => stack.stop());

const register = (username: string) => registerUser(stack.url, username);
async function permissionId(path: string): Promise<number> {
  const r = await call("GET", `/api/v1/permission/list?path=${encodeURIComponent(path)}`, undefined, admin);
  expect(r.json.total).toBe(1);
  return (r.json.permission as Array<{ id: number }>)[0]?.id as number;
}
async function createGroup(title: string, extra: Record<string, unknown> = {}) {
  const r = await call("POST", "/api/v1/group", { title, ...extra }, admin);
  expect(r.status).toBe(200);
  return r.json.id as number;
}

describe("users", () => {
  let groupId: number;
  beforeAll(async () => {
    groupId = await createGroup("列表测试组");
    for (const n of ["lista", "listb", "listc"]) {
      const r = await call("POST", "/api/v1/user", { username: n, password: "secret123", group_id: [groupId] }, admin);
      expect(r.status).toBe(200);
    }
  });

  test("AddUser validates like registration and refuses duplicates and unknown groups", async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ username: "", password: "secret123" }, 400, "请输入您的登录用户名"],
      [{ username: "addx", password: "" }, 400, "请输入您的登录密码"],
      [{ username: "addx", password: "secret123", email: "nope" }, 400, "请输入正确的电子邮箱"],
      [{ username: "addx", password: "secret123", mobile: "23800138000" }, 400, "请输入正确的手机号码"],
      [{ username: "lista", password: "secret123" }, 409, "该用户名已被注册"],
      [{ username: "addx", password: "secret123", group_id: [99999] }, 400, "用户组不存在"],
    ];
    for (const [body, status, message] of cases) {
      const r = await call("POST", "/api/v1/user", body, admin);
      expect([r.status, r.json.message]).toEqual([status, message]);
    }
  });

  test("ListUser filters by group, status and wd, and pages with a total", async () => {
    const byGroup = await call("GET", `/api/v1/user/list?group_id=${groupId}`, undefined, admin);
    expect(byGroup.json.total).toBe(3);
    expect((byGroup.json.user as Array<{ username: string }>).map((u) => u.username)).toEqual([
      "listc",
      "listb",
      "lista",
    ]);

    const page2 = await call("GET", `/api/v1/user/list?group_id=${groupId}&page=2&size=2`, undefined, admin);
    expect(page2.json.total).toBe(3);
    expect((page2.json.user as Array<{ username: string }>).map((u) => u.username)).toEqual(["lista"]);

    const wd = await call("GET", "/api/v1/user/list?wd=listb", undefined, admin);
    expect((wd.json.user as Array<{ username: string }>).map((u) => u.username)).toEqual(["listb"]);

    const listb = (wd.json.user as Array<{ id: number }>)[0]?.id;
    expect((await call("PUT", "/api/v1/user/profile", { id: listb, status: 1 }, admin)).status).toBe(200);
    const disabled = await call("GET", "/api/v1/user/list?status=1", undefined, admin);
    expect((disabled.json.user as Array<{ username: string }>).map((u) => u.username)).toEqual(["listb"]);
    const both = await call("GET", `/api/v1/user/list?group_id=${groupId}&status=0&status=1`, undefined, admin);
    expect(both.json.total).toBe(3);
    const login = await call("POST", "/api/v1/user/login", { username: "listb", password: "secret123" });
    expect([login.status, login.json.message]).toEqual([403, "您的账号已被禁用"]);
  });

  test("anonymous callers get public fields only and wd is ignored for them", async () => {
    const all = await call("GET", "/api/v1/user/list?size=100", undefined, admin);
    const anon = await call("GET", "/api/v1/user/list?size=100&wd=listb");
    expect(anon.status).toBe(200);
    expect(anon.json.total).toBe(all.json.total);
    const first = (anon.json.user as Array<Record<string, unknown>>)[0] ?? {};
    expect(first.email).toBe("");
    expect(first.last_login_ip).toBe("");
  });

  test("SetUser changes groups, and a new password revokes the user's sessions", async () => {
    const { token, id } = await register("setme");
    const r = await call("PUT", "/api/v1/user", { id, group_id: [groupId], password: "changed123" }, admin);
    expect(r.status).toBe(200);
    expect((await call("GET", "/api/v1/user/permission", undefined, token)).status).toBe(401);
    expect((await login("setme", "changed123")).status).toBe(200);
    const u = await call("GET", `/api/v1/user?id=${id}`, undefined, admin);
    expect(u.json.group_id).toEqual([groupId]);
    const dup = await call("PUT", "/api/v1/user", { id, username: "lista" }, admin);
    expect([dup.status, dup.json.message]).toEqual([409, "该用户名已被注册"]);
  });

  test("the admin cannot take the last super-admin out of the admin group", async () => {
    const r = await call("PUT", "/api/v1/user", { id: 1, group_id: [groupId] }, admin);
    expect([r.status, r.json.message]).toEqual([400, "至少需要保留一位超级管理员"]);
    expect((await call("GET", "/api/v1/user?id=1", undefined, admin)).json.group_id).toEqual([1]);
  });

  test("DeleteUser re-checks the password, refuses oneself, deletes others", async () => {
    const { id } = await register("doomed");
    const self = await call("DELETE", `/api/v1/user?id=1&password=${ADMIN_PASSWORD}`, undefined, admin);
    expect([self.status, self.json.message]).toEqual([400, "不能删除自己"]);
    const noPw = await call("DELETE", `/api/v1/user?id=${id}`, undefined, admin);
    expect([noPw.status, noPw.json.message]).toEqual([400, "请输入您的登录密码"]);
    const badPw = await call("DELETE", `/api/v1/user?id=${id}&password=wrong`, undefined, admin);
    expect([badPw.status, badPw.json.message]).toEqual([400, "您输入的登录密码不正确"]);
    const ok = await call("DELETE", `/api/v1/user?id=${id}&password=${ADMIN_PASSWORD}`, undefined, admin);
    expect(ok.status).toBe(200);
    expect((await call("GET", `/api/v1/user?id=${id}`, undefined, admin)).status).toBe(404);
  });
});

describe("groups and permissions", () => {
  test("a group permission change takes effect at once for a logged-in member, on every service", async () => {
    const { token, id } = await register("editor");
    const groupId = await createGroup("编辑");
    // a user-service RPC and a content-service RPC: the content service's cached refusal must not outlive the change
    const own = "/api/v1/permission/list";
    const remote = "/api/v1/report/list";
    expect((await call("GET", own, undefined, token)).status).toBe(403);
    expect((await call("GET", remote, undefined, token)).status).toBe(403); // cached as refused

    const perms = [
      await permissionId("/api.v1.PermissionAPI/ListPermission"),
      await permissionId("/api.v1.ReportAPI/ListReport"),
    ];
    expect(
      (await call("PUT", "/api/v1/group/permission", { group_id: groupId, permission_id: perms }, admin)).status,
    ).toBe(200);
    const got = await call("GET", `/api/v1/group/permission?id=${groupId}`, undefined, admin);
    expect(got.json.permission_id).toEqual([...perms].sort((a, b) => a - b));

    const current = (await call("GET", `/api/v1/user?id=${id}`, undefined, admin)).json.group_id as number[];
    expect((await call("PUT", "/api/v1/user", { id, group_id: [...current, groupId] }, admin)).status).toBe(200);
    expect((await call("GET", own, undefined, token)).status).toBe(200);
    expect((await call("GET", remote, undefined, token)).status).toBe(200);

    expect(
      (await call("PUT", "/api/v1/group/permission", { group_id: groupId, permission_id: [] }, admin)).status,
    ).toBe(200);
    expect((await call("GET", own, undefined, token)).status).toBe(403);
    expect((await call("GET", remote, undefined, token)).status).toBe(403);
  });

  test("unknown permission ids are refused; the admin group keeps every permission", async () => {
    const groupId = await createGroup("权限校验组");
    const bad = await call("PUT", "/api/v1/group/permission", { group_id: groupId, permission_id: [999999] }, admin);
    expect([bad.status, bad.json.message]).toEqual([400, "权限不存在"]);
    const strip = await call("PUT", "/api/v1/group/permission", { group_id: 1, permission_id: [] }, admin);
    expect([strip.status, strip.json.message]).toEqual([400, "至少需要保留一个拥有全部权限且有成员的用户组"]);
    expect((await call("GET", "/api/v1/permission/list", undefined, admin)).status).toBe(200);
  });

  test("group rules: unique title, one default group, deletion refusals", async () => {
    const empty = await call("POST", "/api/v1/group", { title: " " }, admin);
    expect([empty.status, empty.json.message]).toEqual([400, "请输入用户组名称"]);
    const dup = await call("POST", "/api/v1/group", { title: "超级管理员" }, admin);
    expect([dup.status, dup.json.message]).toEqual([409, "用户组名称已存在"]);

    const newDefault = await createGroup("新默认组", { is_default: true });
    const list = await call("GET", "/api/v1/group/list?size=100", undefined, admin);
    const defaults = (list.json.group as Array<{ id: number; is_default: boolean }>).filter((g) => g.is_default);
    expect(defaults.map((g) => g.id)).toEqual([newDefault]);
    const { id } = await register("newbie");
    expect((await call("GET", `/api/v1/user?id=${id}`, undefined, admin)).json.group_id).toEqual([newDefault]);

    const delDefault = await call("DELETE", `/api/v1/group?id=${newDefault}`, undefined, admin);
    expect([delDefault.status, delDefault.json.message]).toEqual([400, "不能删除默认用户组"]);
    const unset = await call("PUT", "/api/v1/group", { id: newDefault, title: "新默认组", is_default: false }, admin);
    expect(unset.status).toBe(400);
    expect(
      (
        await call(
          "PUT",
          "/api/v1/group",
          { id: 2, title: "普通用户", is_default: true, enable_upload: true, enable_article: true },
          admin,
        )
      ).status,
    ).toBe(200);

    const delAdmin = await call("DELETE", "/api/v1/group?id=1", undefined, admin);
    expect([delAdmin.status, delAdmin.json.message]).toEqual([400, "不能删除超级管理员用户组"]);
    const delUsed = await call("DELETE", `/api/v1/group?id=${newDefault}`, undefined, admin);
    expect([delUsed.status, delUsed.json.message]).toEqual([400, "用户组下还有用户，不能删除"]);
    const spare = await createGroup("可删除组");
    expect((await call("DELETE", `/api/v1/group?id=${spare}`, undefined, admin)).status).toBe(200);
    expect((await call("GET", `/api/v1/group?id=${spare}`)).status).toBe(404);
    const byTitle = await call("GET", `/api/v1/group?title=${encodeURIComponent("超级管理员")}`);
    expect(byTitle.json).toMatchObject({ id: 1, user_count: 1 });
  });

  test("UpdatePermission edits title and description only", async () => {
    const id = await permissionId("/api.v1.DocumentAPI/ListDocument");
    const empty = await call("PUT", "/api/v1/permission", { id, title: "" }, admin);
    expect([empty.status, empty.json.message]).toEqual([400, "请输入权限名称"]);
    const ok = await call(
      "PUT",
      "/api/v1/permission",
      { id, title: "文档管理", description: "后台", path: "/x", method: "GET" },
      admin,
    );
    expect(ok.status).toBe(200);
    const p = await call("GET", `/api/v1/permission?id=${id}`, undefined, admin);
    expect(p.json).toMatchObject({
      title: "文档管理",
      description: "后台",
      method: "GRPC",
      path: "/api.v1.DocumentAPI/ListDocument",
    });
  });
});

describe("punishments", () => {
  test("disabling an account refuses login and the live token at once; cancelling lifts it", async () => {
    const { token, id } = await register("badguy");
    expect((await call("GET", "/api/v1/user/permission", undefined, token)).status).toBe(200);
    const r = await call(
      "POST",
      "/api/v1/punishment",
      { user_id: [id], type: [1], enable: true, reason: "发广告" },
      admin,
    );
    expect(r.status).toBe(200);
    expect((await call("GET", "/api/v1/user/permission", undefined, token)).status).toBe(401);
    const refused = await login("badguy");
    expect([refused.status, refused.json.message]).toEqual([403, "您的账号已被禁用：发广告"]);

    const list = await call("GET", `/api/v1/punishment/list?user_id=${id}`, undefined, admin);
    expect(list.json.total).toBe(1);
    const p = (list.json.punishment as Array<{ id: number; username: string; operators: string }>)[0];
    expect(p?.username).toBe("badguy");
    expect(JSON.parse(p?.operators ?? "[]")).toMatchObject([{ username: "admin", action: "create" }]);

    expect((await call("PUT", "/api/v1/punishment/cancel", { id: [p?.id] }, admin)).status).toBe(200);
    expect((await login("badguy")).status).toBe(200);
    const got = await call("GET", `/api/v1/punishment?id=${p?.id}`, undefined, admin);
    expect(got.json.enable).toBe(false);
  });

  test("an upload ban applies until its end time, then stops by itself", async () => {
    const { token, id } = await register("uploader");
    const end = new Date(clock.now().getTime() + 60_000).toISOString();
    const r = await call(
      "POST",
      "/api/v1/punishment",
      { user_id: [id], type: [3], enable: true, end_time: end },
      admin,
    );
    expect(r.status).toBe(200);
    const banned = await call("GET", "/api/v1/user/caniuploaddocument", undefined, token);
    expect([banned.status, banned.json.message]).toEqual([403, "您已被禁止上传文档"]);
    expect((await call("GET", "/api/v1/user/canipublisharticle", undefined, token)).status).toBe(200);
    clock.advance(61_000);
    expect((await call("GET", "/api/v1/user/caniuploaddocument", undefined, token)).status).toBe(200);
  });

  test("validation: users, types, end time, oneself", async () => {
    const { id } = await register("target");
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: [1] }, "请选择要处罚的用户"],
      [{ user_id: [id] }, "请选择处罚类型"],
      [{ user_id: [id], type: [9] }, "参数 type 的值 9 无效，可选：0、1、2、3、4、5、6"], // no PunishmentType
      [{ user_id: [id], type: [2], end_time: "2000-01-01T00:00:00Z" }, "处罚结束时间必须晚于当前时间"],
      [{ user_id: [1], type: [2] }, "不能处罚自己"],
    ];
    for (const [body, message] of cases) {
      const r = await call("POST", "/api/v1/punishment", { enable: true, ...body }, admin);
      expect([r.status, r.json.message]).toEqual([400, message]);
    }
  });

  test("updating a punishment into an account ban revokes the user's sessions", async () => {
    const { token, id } = await register("updated");
    await call("POST", "/api/v1/punishment", { user_id: [id], type: [2], enable: true }, admin);
    const pid = (
      (await call("GET", `/api/v1/punishment/list?user_id=${id}`, undefined, admin)).json.punishment as Array<{
        id: number;
      }>
    )[0]?.id;
    expect((await call("GET", "/api/v1/user/permission", undefined, token)).status).toBe(200);
    const r = await call("PUT", "/api/v1/punishment", { id: pid, type: 1, enable: true, reason: "x" }, admin);
    expect(r.status).toBe(200);
    expect((await call("GET", "/api/v1/user/permission", undefined, token)).status).toBe(401);
  });
});

describe("usernames that look alike (#22 item 8)", () => {
  const taken = [409, "该用户名已被注册"];
  const registerAs = (username: string) =>
    call("POST", "/api/v1/user/register", { username, password: "secret123" }).then((r) => [r.status, r.json.message]);

  test("registering Admin, ADMIN, admіn (Cyrillic і), ａｄｍｉｎ or admin with a bidi control after admin is refused", async () => {
    for (const name of [
      "Admin",
      "ADMIN",
      "adm\u0456n",
      "ADM\u0406N",
      "ａｄｍｉｎ",
      "admin\u202E",
      "ad\u200Bmin",
      "adrnin",
    ])
      expect([name, ...(await registerAs(name))]).toEqual([name, ...taken]);
    expect((await login("admin", ADMIN_PASSWORD)).status).toBe(200);
  });

  test("a registered name's lookalikes are refused too; a name merely close to it is not", async () => {
    const twin = await register("lookalike");
    for (const name of ["LookAlike", "l00kalike", "lookaIike", "lookalik\u0435"])
      expect([name, ...(await registerAs(name))]).toEqual([name, ...taken]);
    expect((await registerAs("lookalike2"))[0]).toBe(200);
    // Login by the exact name, and by another case of it (the one account it can mean).
    expect((await login("lookalike")).json.user).toMatchObject({ id: twin.id });
    expect((await login("LOOKALIKE")).json.user).toMatchObject({ id: twin.id });
  });

  test("staff cannot create or rename an account to a lookalike either", async () => {
    const add = await call("POST", "/api/v1/user", { username: "ADM\u0406N", password: "secret123" }, admin);
    expect([add.status, add.json.message]).toEqual(taken);
    const other = await register("renameme");
    const rename = await call("PUT", "/api/v1/user", { id: other.id, username: "Admin" }, admin);
    expect([rename.status, rename.json.message]).toEqual(taken);
    const profile = await call("PUT", "/api/v1/user/profile", { id: other.id, username: "аdmin" }, admin);
    expect([profile.status, profile.json.message]).toEqual(taken);
    // Its own name in another case is its own.
    expect((await call("PUT", "/api/v1/user", { id: other.id, username: "RenameMe" }, admin)).status).toBe(200);
    expect((await login("RenameMe")).json.user).toMatchObject({ id: other.id });
  });

  test("lookalike accounts from before the rule keep working: exact login, edits that keep the name", async () => {
    const db = openUserDb(stack);
    try {
      const older = await register("legacytwin");
      const newer = await register("legacyother");
      // As stored before username_skeleton: two names differing only in case, the newer without a skeleton.
      await db.user.update({
        where: { id: BigInt(newer.id) },
        data: { username: "LegacyTwin", usernameSkeleton: null },
      });
      expect((await login("legacytwin")).json.user).toMatchObject({ id: older.id });
      expect((await login("LegacyTwin")).json.user).toMatchObject({ id: newer.id });
      const edit = await call(
        "PUT",
        "/api/v1/user",
        { id: newer.id, username: "LegacyTwin", email: "twin@example.com" },
        admin,
      );
      expect([edit.status, edit.json.message]).toEqual([200, undefined]);
      expect(await registerAs("LEGACYTWIN")).toEqual(taken);
    } finally {
      await db.$disconnect();
    }
  });
});
