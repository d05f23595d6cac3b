// AdvertisementAPI over REST and Connect: staff CRUD and list, the 17 positions, what a page gets at its
// positions (enabled, inside the start/end window, larger sort first, no remark), VIP users none, image
// ads written from their uploaded image, validation and who may write.
import { createHash } from "node:crypto";
import { createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { AdvertisementAPI } from "@wenku/proto/api/v1/advertisement_pb.js";
import { makePng } from "@wenku/testkit/images";
import { openUserDb } from "./db.js";
import { admin, plain, stack, useSite } from "./site.fixture.js";
import { registerUser, rest } from "./testing.js";
import { postFile } from "./uploads.js";

useSite("adplain");

type Ad = { id: number; position: string; title: string; content: string; remark: string; enable: boolean };
const iso = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const create = async (body: Record<string, unknown>) => {
  const r = await rest(
    stack.url,
    "POST",
    "/api/v1/advertisement",
    { position: "global_top", content: "<b>广告</b>", enable: true, ...body },
    admin,
  );
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as Ad;
};
const shown = async (query: string, token?: string) => {
  const r = await rest(stack.url, "GET", `/api/v1/advertisement/position?${query}`, undefined, token);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as { total: number; advertisement: Ad[] };
};
const titles = (l: { advertisement: Ad[] }) => l.advertisement.map((a) => a.title);
const staffList = async (query = "") => {
  const r = await rest(stack.url, "GET", `/api/v1/advertisement/list?${query}`, undefined, admin);
  expect(r.status).toBe(200);
  return r.json as { total: number; advertisement: Ad[] };
};

afterEach(async () => {
  const ids = (await staffList("size=100")).advertisement.map((a) => `id=${a.id}`);
  if (ids.length) await rest(stack.url, "DELETE", `/api/v1/advertisement?${ids.join("&")}`, undefined, admin);
});

test("a page gets the enabled ads of its positions inside their window, larger sort first, without remark", async () => {
  await create({ title: "顶部低", sort: 1, remark: "内部备注" });
  await create({ title: "顶部高", sort: 8 });
  await create({ title: "进行中", start_time: iso(-1), end_time: iso(1) });
  await create({ title: "未开始", start_time: iso(1) });
  await create({ title: "已结束", start_time: iso(-2), end_time: iso(-1) });
  await create({ title: "停用", enable: false });
  await create({ title: "底部", position: "global_bottom", sort: 3 });
  await create({ title: "首页", position: "index_banner_bottom" });

  const top = await shown("position=global_top");
  expect(titles(top)).toEqual(["顶部高", "顶部低", "进行中"]);
  expect(top.total).toBe(3);
  expect(top.advertisement[1]).toMatchObject({ content: "<b>广告</b>", remark: "" });
  expect(titles(await shown("position=global_top&position=global_bottom"))).toEqual([
    "顶部高",
    "底部",
    "顶部低",
    "进行中",
  ]);
  expect(titles(await shown(""))).toEqual(["顶部高", "底部", "顶部低", "首页", "进行中"]);
  expect(titles(await shown("position=search_right"))).toEqual([]);

  const unknown = await rest(stack.url, "GET", "/api/v1/advertisement/position?position=global_top&position=sidebar");
  expect([unknown.status, unknown.json.message]).toEqual([400, "广告位不存在：sidebar"]);

  // The page's list is cached; a change reaches it at once all the same.
  const off = (await staffList("wd=顶部高")).advertisement[0] as Ad;
  expect((await rest(stack.url, "PUT", "/api/v1/advertisement", { ...off, enable: false }, admin)).status).toBe(200);
  expect(titles(await shown("position=global_top"))).toEqual(["顶部低", "进行中"]);
});

test("a VIP user gets no advertisements (REST and Connect); a member who is not VIP does", async () => {
  await create({ title: "给非VIP" });
  const vip = await registerUser(stack.url, "advip");
  const db = openUserDb(stack);
  try {
    await db.user.update({ where: { id: BigInt(vip.id) }, data: { vipExpiredAt: new Date(Date.now() + 86_400_000) } });
  } finally {
    await db.$disconnect();
  }
  expect(await shown("position=global_top", vip.token)).toEqual({ total: 0, advertisement: [] });
  expect(titles(await shown("position=global_top", plain))).toEqual(["给非VIP"]);
  expect(titles(await shown("position=global_top"))).toEqual(["给非VIP"]);

  const connect = createClient(AdvertisementAPI, createConnectTransport({ baseUrl: stack.url, httpVersion: "1.1" }));
  const asVip = await connect.getAdvertisementByPosition(
    { position: ["global_top"] },
    { headers: { authorization: `Bearer ${vip.token}` } },
  );
  expect(asVip.advertisement).toEqual([]);
  const asVisitor = await connect.getAdvertisementByPosition({ position: ["global_top"] });
  expect(asVisitor.advertisement.map((a) => a.title)).toEqual(["给非VIP"]);
});

test("staff: create, get, update, list by position, enable and keyword, delete several at once", async () => {
  const a = await create({ title: "甲", position: "document_top", remark: "合同A", sort: 2, link: "" });
  const b = await create({ title: "乙", position: "search_right", enable: false, start_time: iso(-1) });
  const got = await rest(stack.url, "GET", `/api/v1/advertisement?id=${a.id}`, undefined, admin);
  expect(got.json).toMatchObject({ id: a.id, title: "甲", position: "document_top", remark: "合同A", sort: 2 });
  expect((got.json as { start_time?: string }).start_time).toBeUndefined();

  expect(titles(await staffList())).toEqual(["甲", "乙"]);
  expect(titles(await staffList("position=search_right"))).toEqual(["乙"]);
  expect(titles(await staffList("enable=false"))).toEqual(["乙"]);
  expect(titles(await staffList("wd=合同"))).toEqual(["甲"]);
  expect((await staffList("field=title")).advertisement[0]).toMatchObject({ title: "甲", content: "", remark: "" });

  const end = iso(5);
  const upd = await rest(
    stack.url,
    "PUT",
    "/api/v1/advertisement",
    { ...a, title: "甲改", end_time: end, position: "document_bottom" },
    admin,
  );
  expect(upd.status).toBe(200);
  const after = await rest(stack.url, "GET", `/api/v1/advertisement?id=${a.id}`, undefined, admin);
  expect(after.json).toMatchObject({ title: "甲改", position: "document_bottom", end_time: end });

  const del = await rest(stack.url, "DELETE", `/api/v1/advertisement?id=${a.id}&id=${b.id}`, undefined, admin);
  expect(del.status).toBe(200);
  expect((await staffList()).total).toBe(0);
});

test("an image ad: its uploaded image linked, the HTML written by the server", async () => {
  const png = makePng(300, 60);
  const path = `/uploads/${createHash("md5").update(png).digest("hex")}.png`;
  expect((await postFile(stack.url, "/api/v1/upload/banner", png, "ad.png", admin)).json.data).toMatchObject({ path });
  const ad = await create({ title: "图片广告", image: path, link: "https://ads.example/?a=1&b=2", content: "" });
  expect(ad.content).toBe(
    `<a href="https://ads.example/?a=1&#38;b=2" target="_blank" rel="noopener nofollow"><img src="${path}" alt="图片广告"></a>`,
  );
  expect((await shown("position=global_top")).advertisement[0]).toMatchObject({
    image: path,
    link: "https://ads.example/?a=1&b=2",
    content: ad.content,
  });
});

test("validation names the field; nothing is saved", async () => {
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ position: "" }, "请选择广告位"],
    [{ position: "sidebar" }, "广告位不存在：sidebar"],
    [{ title: "" }, "请输入广告名称"],
    [{ title: "x", content: "" }, "请输入广告内容代码"],
    [{ title: "x", link: "javascript:alert(1)" }, "广告链接须以 / 、http:// 或 https:// 开头"],
    [
      { title: "x", image: "//cdn.example/a.png" },
      "广告图片须是本站图片（以 / 开头），不能使用其他网站的图片地址，请上传图片",
    ],
    [
      { title: "x", image: "https://cdn.example/a.png" },
      "广告图片须是本站图片（以 / 开头），不能使用其他网站的图片地址，请上传图片",
    ],
    [{ title: "x", start_time: iso(2), end_time: iso(1) }, "广告结束时间须晚于开始时间"],
  ];
  for (const [body, message] of cases) {
    const r = await rest(
      stack.url,
      "POST",
      "/api/v1/advertisement",
      { position: "global_top", title: "t", content: "<i>x</i>", ...body },
      admin,
    );
    expect([r.status, r.json.code, r.json.message]).toEqual([400, 3, message]);
  }
  expect((await staffList()).total).toBe(0);
});

test("anonymous and plain users are refused every staff RPC; the page read is public", async () => {
  const ad = await create({ title: "权限" });
  for (const [method, path, body] of [
    ["POST", "/api/v1/advertisement", { position: "global_top", title: "x", content: "x" }],
    ["PUT", "/api/v1/advertisement", { ...ad, title: "y" }],
    ["DELETE", `/api/v1/advertisement?id=${ad.id}`, undefined],
    ["GET", `/api/v1/advertisement?id=${ad.id}`, undefined],
    ["GET", "/api/v1/advertisement/list", undefined],
  ] as const) {
    expect([path, (await rest(stack.url, method, path, body)).status]).toEqual([path, 401]);
    expect([path, (await rest(stack.url, method, path, body, plain)).status]).toEqual([path, 403]);
  }
  expect(titles(await shown("position=global_top"))).toEqual(["权限"]);
});
