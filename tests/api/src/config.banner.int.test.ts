// BannerAPI over REST (and Connect for the field named): CRUD, larger sort first, what visitors see,
// validation, who may write, and the banner image upload (POST /api/v1/upload/banner).
import { createHash } from "node:crypto";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { BannerAPI } from "@wenku/proto/api/v1/banner_pb.js";
import { FieldViolationSchema } from "@wenku/proto/api/v1/errors_pb.js";
import { makePng } from "@wenku/testkit/images";
import { admin, plain, stack, useSite } from "./site.fixture.js";
import { staffUser } from "./staff.js";
import { rest } from "./testing.js";
import { postFile } from "./uploads.js";

useSite("bannerplain");

type Banner = { id: number; title: string; path: string; url: string; sort: number; enable: boolean; type: number };
const IMAGE = "/uploads/0123456789abcdef0123456789abcdef.png";
const create = async (body: Record<string, unknown>) => {
  const r = await rest(stack.url, "POST", "/api/v1/banner", { path: IMAGE, enable: true, ...body }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as Banner;
};
const listAs = async (token?: string, query = "") => {
  const r = await rest(stack.url, "GET", `/api/v1/banner/list?${query}`, undefined, token);
  expect(r.status).toBe(200);
  return r.json as { total: number; banner: Banner[] };
};
const titles = (l: { banner: Banner[] }) => l.banner.map((b) => b.title);
const removeAll = async () => {
  const ids = (await listAs(admin, "size=100")).banner.map((b) => `id=${b.id}`);
  if (ids.length)
    expect((await rest(stack.url, "DELETE", `/api/v1/banner?${ids.join("&")}`, undefined, admin)).status).toBe(200);
};

afterEach(removeAll);

test("create, get, update, list larger sort first then newest, delete several at once", async () => {
  const a = await create({ title: "甲", sort: 1, url: "/document/1", description: "说明" });
  expect(a).toMatchObject({ title: "甲", path: IMAGE, url: "/document/1", sort: 1, enable: true, type: 0 });
  const b = await create({ title: "乙", sort: 5, url: "https://example.com/b" });
  const c = await create({ title: "丙", sort: 1 });
  expect(titles(await listAs())).toEqual(["乙", "丙", "甲"]);

  const got = await rest(stack.url, "GET", `/api/v1/banner?id=${a.id}`, undefined, admin);
  expect(got.json).toMatchObject({ id: a.id, title: "甲", description: "说明" });
  const upd = await rest(stack.url, "PUT", "/api/v1/banner", { ...a, title: "甲二", sort: 9 }, admin);
  expect(upd.status).toBe(200);
  expect(titles(await listAs())).toEqual(["甲二", "乙", "丙"]);

  const del = await rest(stack.url, "DELETE", `/api/v1/banner?id=${a.id}&id=${c.id}`, undefined, admin);
  expect(del.status).toBe(200);
  expect(titles(await listAs())).toEqual(["乙"]);
  expect((await rest(stack.url, "GET", `/api/v1/banner?id=${a.id}`, undefined, admin)).status).toBe(404);
  const gone = await rest(stack.url, "PUT", "/api/v1/banner", { ...a, id: 999999 }, admin);
  expect([gone.status, gone.json.message]).toEqual([404, "横幅不存在"]);
  expect(b.id).toBeGreaterThan(0);
});

test("visitors get enabled banners of the types asked, public fields only, a change seen at once", async () => {
  await create({ title: "网站", type: 0, sort: 3, description: "首页" });
  const off = await create({ title: "停用", type: 0, enable: false });
  await create({ title: "小程序", type: 1 });
  await create({ title: "APP", type: 2 });

  expect(titles(await listAs(undefined, "type=0"))).toEqual(["网站"]);
  expect(titles(await listAs(undefined, "type=1&type=2"))).toEqual(["APP", "小程序"]);
  // enable and wd are for staff: a visitor asking for disabled banners still gets the enabled ones
  const visitor = await listAs(plain, "type=0&enable=false&wd=停用");
  expect(visitor).toEqual({
    total: 1,
    banner: [
      expect.objectContaining({ title: "网站", path: IMAGE, type: 0, description: "首页", sort: 0, enable: false }),
    ],
  });
  expect(visitor.banner[0]).not.toHaveProperty("created_at");

  expect(titles(await listAs(admin, "enable=false"))).toEqual(["停用"]);
  expect(titles(await listAs(admin, "wd=程序"))).toEqual(["小程序"]);
  expect(await listAs(admin, "type=0&size=1&page=2")).toMatchObject({ total: 2, banner: [{ title: "停用" }] });
  const picked = (await listAs(admin, "type=0&field=id&field=title")).banner[0];
  expect(picked).toMatchObject({ title: "网站", path: "", sort: 0 });

  // The visitors' list is cached: a change reaches it at once all the same.
  expect((await rest(stack.url, "PUT", "/api/v1/banner", { ...off, enable: true, sort: 9 }, admin)).status).toBe(200);
  expect(titles(await listAs(undefined, "type=0"))).toEqual(["停用", "网站"]);
});

test("validation: the field is named, nothing is saved", async () => {
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ title: " " }, "请输入横幅名称", "title"],
    [{ title: "x", path: "" }, "请上传横幅图片", "path"],
    [
      { title: "x", path: "http://cdn.example/a.png" },
      "横幅图片须是本站图片（以 / 开头），不能使用其他网站的图片地址，请上传图片",
      "path",
    ],
    [
      { title: "x", path: "https://cdn.example/a.png" },
      "横幅图片须是本站图片（以 / 开头），不能使用其他网站的图片地址，请上传图片",
      "path",
    ],
    [{ title: "x", url: "javascript:alert(1)" }, "跳转链接须以 / 、http:// 或 https:// 开头", "url"],
    [{ title: "x", url: "//evil.example" }, "跳转链接须以 / 、http:// 或 https:// 开头", "url"],
    [{ title: "x", type: 7 }, "参数 type 的值 7 无效，可选：0、1、2", "type"], // no BannerType: refused at the edge
  ];
  const connect = createClient(BannerAPI, createConnectTransport({ baseUrl: stack.url, httpVersion: "1.1" }));
  for (const [body, message, field] of cases) {
    const r = await rest(stack.url, "POST", "/api/v1/banner", { path: IMAGE, ...body }, admin);
    expect([r.status, r.json.code, r.json.message]).toEqual([400, 3, message]);
    const err = await connect
      .createBanner({ path: IMAGE, ...body } as Parameters<typeof connect.createBanner>[0], {
        headers: { authorization: `Bearer ${admin}` },
      })
      .catch((e: unknown) => ConnectError.from(e));
    expect(err).toBeInstanceOf(ConnectError);
    const e = err as ConnectError;
    expect([e.code, e.rawMessage, e.findDetails(FieldViolationSchema).map((d) => d.field)]).toEqual([
      Code.InvalidArgument,
      message,
      [field],
    ]);
  }
  expect((await listAs(admin)).total).toBe(0);
  expect((await rest(stack.url, "DELETE", "/api/v1/banner", undefined, admin)).json.message).toBe("请选择要删除的横幅");
});

test("writing and reading one banner need the permissions; the list is public", async () => {
  const b = await create({ title: "权限" });
  for (const [method, path, body] of [
    ["POST", "/api/v1/banner", { title: "x", path: IMAGE }],
    ["PUT", "/api/v1/banner", { ...b, title: "y" }],
    ["DELETE", `/api/v1/banner?id=${b.id}`, undefined],
    ["GET", `/api/v1/banner?id=${b.id}`, undefined],
  ] as const) {
    expect([path, (await rest(stack.url, method, path, body)).status]).toEqual([path, 401]);
    expect([path, (await rest(stack.url, method, path, body, plain)).status]).toEqual([path, 403]);
  }
  expect(titles(await listAs(undefined))).toEqual(["权限"]);
  // One permission is one RPC: a list-only staff member sees every banner but may not change one.
  const lister = await staffUser(stack.url, admin, "bannerlister", ["/api.v1.BannerAPI/ListBanner"]);
  expect((await rest(stack.url, "PUT", "/api/v1/banner", { ...b, enable: false }, admin)).status).toBe(200);
  expect(titles(await listAs(lister.token))).toEqual(["权限"]);
  expect(titles(await listAs(plain))).toEqual([]);
  expect((await rest(stack.url, "PUT", "/api/v1/banner", b, lister.token)).status).toBe(403);
});

test("a banner image is uploaded by holders of the permission, checked, served here, then used", async () => {
  const png = makePng(64, 24);
  const md5 = createHash("md5").update(png).digest("hex");
  expect((await postFile(stack.url, "/api/v1/upload/banner", png, "b.png")).status).toBe(401);
  expect((await postFile(stack.url, "/api/v1/upload/banner", png, "b.png", plain)).status).toBe(403);
  const bad = await postFile(stack.url, "/api/v1/upload/banner", Buffer.from("<svg/>"), "b.png", admin);
  expect([bad.status, bad.json.message]).toEqual([400, "请上传 JPG、PNG、GIF 或 WebP 格式的图片"]);

  const up = await postFile(stack.url, "/api/v1/upload/banner", png, "春季.png", admin);
  expect(up).toMatchObject({ status: 200, json: { code: 200, message: "ok" } });
  expect(up.json.data).toMatchObject({ path: `/uploads/${md5}.png`, type: 5, width: 64, height: 24 });
  const img = await fetch(`${stack.url}/uploads/${md5}.png`);
  expect([img.status, img.headers.get("content-type")]).toEqual([200, "image/png"]);
  // not an avatar: the uploader's avatar is untouched
  expect((await rest(stack.url, "GET", "/api/v1/user?id=1")).json.avatar).toBe("");

  await create({ title: "上传的", path: `/uploads/${md5}.png` });
  expect((await listAs()).banner[0]).toMatchObject({ title: "上传的", path: `/uploads/${md5}.png` });
});
