// FriendlinkAPI over REST: CRUD, larger sort first, the `enable` and `field` list parameters as moredoc
// clients send them, what visitors see, validation and who may write.
import { admin, plain, stack, useSite } from "./site.fixture.js";
import { rest } from "./testing.js";

useSite("linkplain");

type Link = { id: number; title: string; link: string; description: string; sort: number; enable: boolean };
const create = async (body: Record<string, unknown>) => {
  const r = await rest(stack.url, "POST", "/api/v1/friendlink", { enable: true, ...body }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as Link;
};
const listAs = async (token?: string, query = "") => {
  const r = await rest(stack.url, "GET", `/api/v1/friendlink/list?${query}`, undefined, token);
  expect(r.status).toBe(200);
  return r.json as { total: number; friendlink: Link[] };
};
const titles = (l: { friendlink: Link[] }) => l.friendlink.map((f) => f.title);

afterEach(async () => {
  const ids = (await listAs(admin, "size=100")).friendlink.map((f) => `id=${f.id}`);
  if (ids.length) await rest(stack.url, "DELETE", `/api/v1/friendlink?${ids.join("&")}`, undefined, admin);
});

test("create, get, update, list larger sort first then newest, delete several at once", async () => {
  const a = await create({ title: "甲站", link: "https://a.example", sort: 2, description: "甲的站" });
  expect(a).toMatchObject({ title: "甲站", link: "https://a.example", sort: 2, enable: true, description: "甲的站" });
  const b = await create({ title: "乙站", link: "http://b.example/path?q=1", sort: 2 });
  const c = await create({ title: "丙站", link: "https://c.example", sort: 7 });
  expect(titles(await listAs())).toEqual(["丙站", "乙站", "甲站"]);

  expect((await rest(stack.url, "GET", `/api/v1/friendlink?id=${b.id}`, undefined, admin)).json).toMatchObject({
    id: b.id,
    link: "http://b.example/path?q=1",
  });
  const upd = await rest(stack.url, "PUT", "/api/v1/friendlink", { ...a, sort: 10, title: " 甲站新 " }, admin);
  expect(upd.status).toBe(200);
  expect(titles(await listAs())).toEqual(["甲站新", "丙站", "乙站"]);

  expect((await rest(stack.url, "DELETE", `/api/v1/friendlink?id=${a.id}&id=${c.id}`, undefined, admin)).status).toBe(
    200,
  );
  expect(titles(await listAs())).toEqual(["乙站"]);
  const gone = await rest(stack.url, "GET", `/api/v1/friendlink?id=${a.id}`, undefined, admin);
  expect([gone.status, gone.json.message]).toEqual([404, "友链不存在"]);
});

test("visitors get the enabled links with public fields; enable and field as moredoc's home page asks", async () => {
  await create({ title: "开", link: "https://on.example", description: "提示", sort: 4 });
  await create({ title: "关", link: "https://off.example", enable: false });

  // moredoc's home page: enable=true&field=id&field=title&field=link
  const home = await listAs(undefined, "enable=true&field=id&field=title&field=link");
  expect(home.total).toBe(1);
  expect(home.friendlink[0]).toMatchObject({ title: "开", link: "https://on.example", description: "", sort: 0 });
  // without field: the public fields (the description for a tooltip), never sort/enable/times
  const plainView = (await listAs(plain, "enable=false")).friendlink;
  expect(plainView).toEqual([expect.objectContaining({ title: "开", description: "提示", sort: 0, enable: false })]);
  expect(plainView[0]).not.toHaveProperty("created_at");

  expect(titles(await listAs(admin))).toEqual(["开", "关"]);
  expect(titles(await listAs(admin, "enable=false"))).toEqual(["关"]);
  expect(titles(await listAs(admin, "enable=true&enable=false"))).toEqual(["开", "关"]);
  expect(titles(await listAs(admin, "wd=ON.EXAMPLE"))).toEqual(["开"]);
  expect((await listAs(admin, "field=title")).friendlink[0]).toMatchObject({ title: "开", link: "", id: 0 });
  expect(await listAs(admin, "size=1&page=2")).toMatchObject({ total: 2, friendlink: [{ title: "关" }] });
});

test("validation: a friend link is an http(s) address of another site, the field named", async () => {
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ title: "", link: "https://x.example" }, "请输入友链名称"],
    [{ title: "x", link: "" }, "请输入友链地址"],
    [{ title: "x", link: "/about" }, "友链地址须以 http:// 或 https:// 开头"],
    [{ title: "x", link: "javascript:alert(1)" }, "友链地址须以 http:// 或 https:// 开头"],
    [{ title: "x", link: "https://" }, "友链地址须以 http:// 或 https:// 开头"],
    [{ title: "x".repeat(65), link: "https://x.example" }, "友链名称不能超过64个字符"],
  ];
  for (const [body, message] of cases) {
    const r = await rest(stack.url, "POST", "/api/v1/friendlink", body, admin);
    expect([r.status, r.json.code, r.json.message]).toEqual([400, 3, message]);
  }
  expect((await listAs(admin)).total).toBe(0);
});

test("anonymous and plain users are refused every write and the single read", async () => {
  const l = await create({ title: "权限", link: "https://p.example" });
  for (const [method, path, body] of [
    ["POST", "/api/v1/friendlink", { title: "x", link: "https://x.example" }],
    ["PUT", "/api/v1/friendlink", { ...l, title: "y" }],
    ["DELETE", `/api/v1/friendlink?id=${l.id}`, undefined],
    ["GET", `/api/v1/friendlink?id=${l.id}`, undefined],
  ] as const) {
    expect([path, (await rest(stack.url, method, path, body)).status]).toEqual([path, 401]);
    expect([path, (await rest(stack.url, method, path, body, plain)).status]).toEqual([path, 403]);
  }
  expect(titles(await listAs())).toEqual(["权限"]);
});
