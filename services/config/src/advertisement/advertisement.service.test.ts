// Advertisement rules over a fake repository: validation (field named), the image ad's HTML, the
// start/end window, positions, VIP callers, and the cached public list dropped on change.
import { type CallContext, createLogger } from "@wenku/kit";
import { createBus } from "@wenku/kit/bus";
import { refusal } from "../../test/refusal.js";
import { createVisitorLists } from "../cache.js";
import type { AdvertisementData, AdvertisementRow } from "./advertisement.repository.js";
import {
  type AdvertisementInput,
  createAdvertisementService,
  createVipUsers,
  imageAdHtml,
  VIP_TTL_MS,
  validateAdvertisement,
} from "./advertisement.service.js";
import { AD_POSITIONS } from "./positions.js";

const log = createLogger({ service: "test", level: "silent" });
const NOW = new Date("2026-11-24T12:00:00Z");
const hours = (h: number) => new Date(NOW.getTime() + h * 3_600_000);

const input = (over: Partial<AdvertisementInput> = {}): AdvertisementInput => ({
  id: 0n,
  position: "global_top",
  title: "广告",
  content: "<b>hi</b>",
  image: "",
  link: "",
  startTime: null,
  endTime: null,
  enable: true,
  sort: 0,
  remark: "",
  ...over,
});

test("the 17 positions of the spec", () => {
  expect(AD_POSITIONS).toHaveLength(17);
  expect(new Set(AD_POSITIONS).size).toBe(17);
});

test("validation refuses with the field named", () => {
  expect(refusal(() => validateAdvertisement(input({ position: "" })))).toEqual(["请选择广告位", "position"]);
  expect(refusal(() => validateAdvertisement(input({ position: "sidebar" })))).toEqual([
    "广告位不存在：sidebar",
    "position",
  ]);
  expect(refusal(() => validateAdvertisement(input({ title: " " })))).toEqual(["请输入广告名称", "title"]);
  expect(refusal(() => validateAdvertisement(input({ content: "  " })))).toEqual(["请输入广告内容代码", "content"]);
  expect(refusal(() => validateAdvertisement(input({ link: "javascript:alert(1)" })))).toEqual([
    "广告链接须以 / 、http:// 或 https:// 开头",
    "link",
  ]);
  expect(refusal(() => validateAdvertisement(input({ image: "http://cdn.example/a.png" })))[1]).toBe("image");
  for (const content of [
    '<img src="https://cdn.example/a.png">',
    "<img alt=x src=//cdn.example/a.png>",
    '<img srcset="https://cdn.example/a.png 2x">',
    "<div style=\"background:url( 'https://cdn.example/a.png')\">x</div>",
    '<video poster="HTTP://cdn.example/p.jpg"></video>',
  ]) {
    expect(refusal(() => validateAdvertisement(input({ content })))).toEqual([
      "广告内容中的图片须是本站图片（以 / 开头），不能使用其他网站的图片地址，请先上传图片",
      "content",
    ]);
  }
  const own = '<a href="https://ads.example/"><img src="/uploads/0123456789abcdef0123456789abcdef.png"></a>';
  expect(validateAdvertisement(input({ content: own })).content).toBe(own);
  expect(refusal(() => validateAdvertisement(input({ startTime: hours(1), endTime: hours(1) })))).toEqual([
    "广告结束时间须晚于开始时间",
    "end_time",
  ]);
  expect(refusal(() => validateAdvertisement(input({ remark: "x".repeat(256) })))[1]).toBe("remark");
  expect(refusal(() => validateAdvertisement(input({ startTime: new Date(Number.NaN) })))).toEqual([
    "广告开始时间不正确",
    "start_time",
  ]);
  expect(refusal(() => validateAdvertisement(input({ endTime: new Date("+012000-01-01T00:00:00Z") })))[1]).toBe(
    "end_time",
  );
});

test("an image ad's content is written from its image, link and title, escaped", () => {
  const ad = validateAdvertisement(
    input({
      image: "/uploads/0123456789abcdef0123456789abcdef.png",
      link: "https://ads.example/?a=1&b=2",
      title: 'A "B"',
    }),
  );
  expect(ad.content).toBe(
    '<a href="https://ads.example/?a=1&#38;b=2" target="_blank" rel="noopener nofollow"><img src="/uploads/0123456789abcdef0123456789abcdef.png" alt="A &#34;B&#34;"></a>',
  );
  expect(imageAdHtml("/uploads/x.png", "/document/1", "t")).toBe(
    '<a href="/document/1"><img src="/uploads/x.png" alt="t"></a>',
  );
  expect(imageAdHtml("/uploads/x.png", "", "t")).toBe('<img src="/uploads/x.png" alt="t">');
  // An HTML ad keeps what staff wrote.
  expect(validateAdvertisement(input({ content: " <div>x</div> " })).content).toBe("<div>x</div>");
});

const bus = await createBus({ log });

function setup(vipUsers: bigint[] = []) {
  const rows: AdvertisementRow[] = [];
  let loads = 0;
  let next = 1n;
  const row = (data: AdvertisementData): AdvertisementRow => ({
    ...data,
    id: next++,
    createdAt: NOW,
    updatedAt: NOW,
  });
  const repo = {
    byId: async (id: bigint) => rows.find((r) => r.id === id) ?? null,
    create: async (data: AdvertisementData) => {
      const r = row(data);
      rows.push(r);
      return r;
    },
    update: async () => true,
    deleteMany: async () => 0,
    all: async () => {
      loads++;
      return rows.filter((r) => r.enable).sort((a, b) => b.sort - a.sort || Number(b.id - a.id));
    },
    page: async () => ({ total: rows.length, rows }),
  };
  const asked: bigint[] = [];
  const service = createAdvertisementService({
    repo,
    lists: createVisitorLists(bus),
    vip: async (id) => {
      asked.push(id);
      return vipUsers.includes(id);
    },
    clock: () => NOW,
  });
  return { service, loads: () => loads, asked };
}

const visitor: CallContext = { identity: null, clientIp: "", requestId: "", internal: false };
const user = (userId: bigint): CallContext => ({
  ...visitor,
  identity: { userId, sessionId: "s", granted: false, staff: false },
});

test("a page gets the enabled ads of its positions inside their window, larger sort first", async () => {
  const { service } = setup();
  await service.create(input({ title: "低", sort: 1 }));
  await service.create(input({ title: "高", sort: 9 }));
  await service.create(input({ title: "未开始", startTime: hours(1) }));
  await service.create(input({ title: "已结束", endTime: hours(-1) }));
  await service.create(input({ title: "进行中", startTime: hours(-1), endTime: hours(1) }));
  await service.create(input({ title: "停用", enable: false }));
  await service.create(input({ title: "底部", position: "global_bottom" }));
  const titles = async (positions: string[]) => (await service.shown(visitor, positions)).map((a) => a.title);
  expect(await titles(["global_top"])).toEqual(["高", "低", "进行中"]);
  // Equal sorts: newest first.
  expect(await titles(["global_bottom", " global_top "])).toEqual(["高", "低", "底部", "进行中"]);
  expect(await titles([])).toEqual(["高", "低", "底部", "进行中"]);
  await expect(service.shown(visitor, ["global_top", "nowhere"])).rejects.toThrow("广告位不存在：nowhere");
});

test("VIP callers get none (a VIP answer asked once while kept); visitors never ask", async () => {
  const { service, asked } = setup([7n]);
  await service.create(input());
  expect(await service.shown(user(7n), ["global_top"])).toEqual([]);
  expect(await service.shown(user(7n), ["global_top"])).toEqual([]);
  expect(await service.shown(user(8n), ["global_top"])).toHaveLength(1);
  expect(await service.shown(visitor, ["global_top"])).toHaveLength(1);
  expect(asked).toEqual([7n, 8n]);
});

test("a non-VIP answer is never kept: a user who just became VIP sees no ads on the next request", async () => {
  const vips: bigint[] = [];
  let clock = 0;
  const asked: bigint[] = [];
  const isVip = createVipUsers(
    async (id) => {
      asked.push(id);
      return vips.includes(id);
    },
    () => clock,
  );
  expect(await isVip(9n)).toBe(false);
  vips.push(9n); // the VIP order was paid and delivered
  expect(await isVip(9n)).toBe(true);
  expect(await isVip(9n)).toBe(true); // kept
  expect(asked).toEqual([9n, 9n]);
  vips.length = 0; // the membership ended
  clock += VIP_TTL_MS;
  expect(await isVip(9n)).toBe(false);
  expect(asked).toEqual([9n, 9n, 9n]);
});

test("the public list is read once, and again after a change", async () => {
  const { service, loads } = setup();
  await service.create(input());
  await service.shown(visitor, []);
  await service.shown(visitor, ["global_top"]);
  expect(loads()).toBe(1);
  await service.create(input({ title: "新" }));
  expect((await service.shown(visitor, [])).map((a) => a.title)).toEqual(["新", "广告"]);
  expect(loads()).toBe(2);
});
