// NavigationAPI over REST: CRUD, the tree, what visitors see, and validation messages.
import { admin, stack, useSite } from "./site.fixture.js";
import { rest } from "./testing.js";

useSite();

type Nav = { id: number; title: string; parent_id: number; enable: boolean; children: Nav[]; [k: string]: unknown };
const create = async (body: Record<string, unknown>) => {
  const r = await rest(stack.url, "POST", "/api/v1/navigation", body, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as Nav;
};
const listAs = async (token?: string, query = "page=1&size=10000") => {
  const r = await rest(stack.url, "GET", `/api/v1/navigation/list?${query}`, undefined, token);
  expect(r.status).toBe(200);
  return r.json as { total: number; navigation: Nav[] };
};
const titles = (items: Nav[]): unknown[] =>
  items.map((n) => (n.children.length ? [n.title, titles(n.children)] : n.title));

test("create, get, update, list as a tree ordered by sort, delete", async () => {
  const docs = await create({
    title: "文档",
    href: "/category",
    sort: 2,
    color: "#1677ff",
    target: "_self",
    enable: true,
  });
  expect(docs).toMatchObject({
    title: "文档",
    href: "/category",
    sort: 2,
    enable: true,
    parent_id: 0,
    color: "#1677ff",
  });
  const about = await create({
    title: "关于",
    href: "https://example.com/about",
    target: "_blank",
    sort: 1,
    enable: true,
  });
  const sub2 = await create({ title: "子二", parent_id: docs.id, sort: 5, enable: true });
  const sub1 = await create({ title: "子一", parent_id: docs.id, sort: 1, enable: true, href: "/category/1" });

  const got = await rest(stack.url, "GET", `/api/v1/navigation?id=${sub1.id}`);
  expect(got.status).toBe(200);
  expect(got.json).toMatchObject({ id: sub1.id, title: "子一", parent_id: docs.id, href: "/category/1" });

  expect(titles((await listAs()).navigation)).toEqual(["关于", ["文档", ["子一", "子二"]]]);

  const upd = await rest(
    stack.url,
    "PUT",
    "/api/v1/navigation",
    { id: about.id, title: "关于我们", href: "/article/about", sort: 9, enable: true, color: "rgb(255, 0, 0)" },
    admin,
  );
  expect(upd.status).toBe(200);
  const list = await listAs();
  expect(list.total).toBe(2);
  expect(titles(list.navigation)).toEqual([["文档", ["子一", "子二"]], "关于我们"]);
  expect(list.navigation[1]).toMatchObject({ href: "/article/about", color: "rgb(255, 0, 0)", target: "" });

  // A parent keeping children cannot go alone; with its children it can.
  const refused = await rest(stack.url, "DELETE", `/api/v1/navigation?id=${docs.id}`, undefined, admin);
  expect([refused.status, refused.json.message]).toEqual([400, "请先删除或移走子导航「子一」"]);
  const del = await rest(
    stack.url,
    "DELETE",
    `/api/v1/navigation?id=${docs.id}&id=${sub1.id}&id=${sub2.id}&id=${about.id}`,
    undefined,
    admin,
  );
  expect(del.status).toBe(200);
  expect(await listAs()).toEqual({ total: 0, navigation: [] });
  expect((await rest(stack.url, "GET", `/api/v1/navigation?id=${docs.id}`)).status).toBe(404);
});

test("visitors see enabled items under enabled parents only; the admin sees everything and can filter", async () => {
  const shown = await create({ title: "显示", enable: true });
  const hidden = await create({ title: "隐藏", enable: false });
  await create({ title: "隐藏之子", enable: true, parent_id: hidden.id });
  await create({ title: "显示之子", enable: true, parent_id: shown.id });
  await create({ title: "关闭之子", enable: false, parent_id: shown.id });

  expect(titles((await listAs()).navigation)).toEqual([["显示", ["显示之子"]]]);
  // wd and enable filters are for staff only: a visitor asking for disabled items still gets the public view.
  expect(titles((await listAs(undefined, "enable=false&wd=隐藏")).navigation)).toEqual([["显示", ["显示之子"]]]);

  expect(titles((await listAs(admin)).navigation)).toEqual([
    ["显示", ["显示之子", "关闭之子"]],
    ["隐藏", ["隐藏之子"]],
  ]);
  expect(titles((await listAs(admin, "enable=false")).navigation)).toEqual(["隐藏", "关闭之子"]);
  expect(titles((await listAs(admin, "wd=之子")).navigation)).toEqual(["隐藏之子", "显示之子", "关闭之子"]);
  const paged = await listAs(admin, "page=2&size=1");
  expect([paged.total, titles(paged.navigation)]).toEqual([2, [["隐藏", ["隐藏之子"]]]]);
});

test("validation: clear messages, nothing saved", async () => {
  const before = (await listAs(admin)).total;
  const parent = (await listAs(admin)).navigation[0] as Nav;
  const child = parent.children[0] as Nav;
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ title: "  " }, "请输入导航名称"],
    [{ title: "x".repeat(65) }, "导航名称不能超过64个字符"],
    [{ title: "坏链接", href: "javascript:alert(1)" }, "链接地址须以 / 、http:// 或 https:// 开头"],
    [{ title: "坏链接", href: "//evil.example" }, "链接地址须以 / 、http:// 或 https:// 开头"],
    [{ title: "坏目标", target: "_new" }, "打开方式只能是 _blank、_self、_parent 或 _top"],
    [{ title: "坏颜色", color: "red;background:url(x)" }, "颜色格式不正确，请使用 #RRGGBB 或 rgb()/rgba()"],
    [{ title: "无上级", parent_id: 999999 }, "上级导航不存在"],
  ];
  for (const [body, message] of cases) {
    const r = await rest(stack.url, "POST", "/api/v1/navigation", body, admin);
    expect([r.status, r.json.code, r.json.message]).toEqual([400, 3, message]);
  }
  expect((await listAs(admin)).total).toBe(before);

  const cycle = await rest(
    stack.url,
    "PUT",
    "/api/v1/navigation",
    { id: parent.id, title: "循环", parent_id: child.id },
    admin,
  );
  expect([cycle.status, cycle.json.message]).toEqual([400, "不能将导航移动到自己或自己的下级导航之下"]);
  const self = await rest(
    stack.url,
    "PUT",
    "/api/v1/navigation",
    { id: parent.id, title: "自己", parent_id: parent.id },
    admin,
  );
  expect(self.status).toBe(400);
  const missing = await rest(stack.url, "PUT", "/api/v1/navigation", { id: 999999, title: "不存在" }, admin);
  expect([missing.status, missing.json.message]).toEqual([404, "导航不存在"]);
  expect((await rest(stack.url, "DELETE", "/api/v1/navigation", undefined, admin)).status).toBe(400);
  expect((await listAs(admin)).navigation[0]).toMatchObject({ id: parent.id, title: parent.title, parent_id: 0 });
});

test("writing needs the permission", async () => {
  expect((await rest(stack.url, "POST", "/api/v1/navigation", { title: "x" })).status).toBe(401);
  const u = await rest(stack.url, "POST", "/api/v1/user/register", { username: "navplain", password: "secret123" });
  expect((await rest(stack.url, "POST", "/api/v1/navigation", { title: "x" }, u.json.token as string)).status).toBe(
    403,
  );
});
