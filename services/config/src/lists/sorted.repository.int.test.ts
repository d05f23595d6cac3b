// The staff-sorted lists' SQL on a real PostgreSQL (banners, friend links, advertisements share
// sorted.repository.ts, each with its own filter): larger sort first, then newest; pages that neither
// repeat nor skip a row; filters that combine and search any case; updates and deletes of rows that
// are gone. Navigation's tree (navigation.repository.ts) keeps its parent links in the database.
import { isForeignKeyViolation } from "@wenku/kit";
import { useTestDatabase } from "../../../../jest/db.js";
import { advertisementWhere, createAdvertisementRepository } from "../advertisement/advertisement.repository.js";
import { type BannerData, bannerWhere, createBannerRepository } from "../banner/banner.repository.js";
import { createDb } from "../db.js";
import { createFriendlinkRepository, friendlinkWhere } from "../friendlink/friendlink.repository.js";
import { createNavigationRepository, type NavigationData } from "../navigation/navigation.repository.js";

const db = useTestDatabase(createDb);

const banner = (over: Partial<BannerData>): BannerData => ({
  title: "banner",
  path: "/uploads/banner.png",
  url: "",
  type: 0,
  sort: 0,
  enable: true,
  description: "",
  ...over,
});

describe("banners (the shared sorted repository)", () => {
  const repo = () => createBannerRepository(db());
  let ids: Record<string, bigint> = {};

  beforeAll(async () => {
    ids = {};
    for (const [title, over] of [
      ["low", { sort: 1 }],
      ["high", { sort: 9, description: "Spring SALE" }],
      ["tie-old", { sort: 5, type: 1 }],
      ["tie-new", { sort: 5, type: 2, enable: false }],
      ["zero", { sort: 0, title: "Sale now" }],
    ] as const)
      ids[title] = (await repo().create(banner({ title, ...over }))).id;
  });
  const titles = (rows: { title: string }[]) => rows.map((r) => r.title);

  test("lists read larger sort first, then newest", async () => {
    expect(titles(await repo().all(bannerWhere({ type: [] })))).toEqual([
      "high",
      "tie-new",
      "tie-old",
      "low",
      "Sale now",
    ]);
  });

  test("pages neither repeat nor skip a row, and count every match", async () => {
    const all = titles(await repo().all({}));
    const pages = await Promise.all([0, 2, 4].map((skip) => repo().page({}, skip, 2)));
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(pages.flatMap((p) => titles(p.rows))).toEqual(all);
    expect(await repo().page({}, 10, 2)).toEqual({ total: 5, rows: [] });
  });

  test("filters combine; the search looks at title and description in any case", async () => {
    const list = async (f: Parameters<typeof bannerWhere>[0]) => titles(await repo().all(bannerWhere(f)));
    expect(await list({ type: [], wd: "sale" })).toEqual(["high", "Sale now"]);
    expect(await list({ type: [1, 2] })).toEqual(["tie-new", "tie-old"]);
    expect(await list({ type: [1, 2], enable: true })).toEqual(["tie-old"]);
    expect(await list({ type: [], enable: false })).toEqual(["tie-new"]);
    expect(await list({ type: [7] })).toEqual([]);
    const page = await repo().page(bannerWhere({ type: [], wd: "SALE" }), 1, 10);
    expect([page.total, titles(page.rows)]).toEqual([2, ["Sale now"]]);
  });

  test("a row that is gone: byId null, update false, deletes count only what existed", async () => {
    const id = (await repo().create(banner({ title: "short-lived" }))).id;
    expect(await repo().update(id, banner({ title: "renamed", sort: 3 }))).toBe(true);
    expect(await repo().byId(id)).toMatchObject({ title: "renamed", sort: 3 });
    expect(await repo().deleteMany([id, 987654321n])).toBe(1);
    expect(await repo().byId(id)).toBeNull();
    expect(await repo().update(id, banner({}))).toBe(false);
    expect(await repo().deleteMany([id])).toBe(0);
  });
});

test("friend links search title, link and description; advertisements title, remark and content", async () => {
  const links = createFriendlinkRepository(db());
  for (const [title, link, description] of [
    ["Moredoc", "https://example.com/a", ""],
    ["two", "https://MOREDOC.example/", ""],
    ["three", "https://example.org/", "like moredoc"],
    ["four", "https://example.net/", "nothing"],
  ] as const)
    await links.create({ title, link, description, sort: 0, enable: title !== "three" });
  const found = async (f: Parameters<typeof friendlinkWhere>[0]) =>
    (await links.all(friendlinkWhere(f))).map((r) => r.title).sort();
  expect(await found({ wd: "moredoc" })).toEqual(["Moredoc", "three", "two"]);
  expect(await found({ wd: "moredoc", enable: true })).toEqual(["Moredoc", "two"]);

  const ads = createAdvertisementRepository(db());
  const ad = { image: "", link: "", startTime: null, endTime: null, enable: true, sort: 0 };
  await ads.create({ ...ad, position: "home_top", title: "Promo", content: "", remark: "" });
  await ads.create({ ...ad, position: "home_top", title: "x", content: "<b>PROMO</b>", remark: "" });
  await ads.create({ ...ad, position: "footer", title: "y", content: "", remark: "promo for Q3", enable: false });
  const startsLater = await ads.create({
    ...ad,
    position: "footer",
    title: "z",
    content: "",
    remark: "",
    startTime: new Date("2030-01-01T00:00:00Z"),
  });
  const titles = async (f: Parameters<typeof advertisementWhere>[0]) =>
    (await ads.all(advertisementWhere(f))).map((r) => r.title).sort();
  expect(await titles({ position: [], wd: "promo" })).toEqual(["Promo", "x", "y"]);
  expect(await titles({ position: ["footer"] })).toEqual(["y", "z"]);
  expect(await titles({ position: ["footer", "home_top"], enable: false })).toEqual(["y"]);
  expect(await ads.byId(startsLater.id)).toMatchObject({ startTime: new Date("2030-01-01T00:00:00Z"), endTime: null });
});

describe("navigation (its own repository: a tree)", () => {
  const repo = () => createNavigationRepository(db());
  const item = (title: string, over: Partial<NavigationData> = {}): NavigationData => ({
    title,
    href: "",
    target: "",
    color: "",
    sort: 0,
    enable: true,
    parentId: null,
    description: "",
    ...over,
  });

  test("children list in sort order; parents map every item; a parent cannot go before its children", async () => {
    const root = await repo().create(item("root"));
    const b = await repo().create(item("b", { parentId: root.id, sort: 2 }));
    const a = await repo().create(item("a", { parentId: root.id, sort: 1 }));
    const grandchild = await repo().create(item("g", { parentId: a.id }));
    expect((await repo().childrenOf([root.id])).map((r) => r.title)).toEqual(["a", "b"]);
    expect((await repo().childrenOf([root.id, a.id])).map((r) => r.title)).toEqual(["g", "a", "b"]);
    const parents = await repo().parents();
    expect([parents.get(root.id), parents.get(grandchild.id)]).toEqual([null, a.id]);

    const err = await repo()
      .deleteMany([a.id])
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isForeignKeyViolation(err)).toBe(true);
    expect(await repo().byId(a.id)).not.toBeNull();
    expect((await repo().deleteMany([root.id, a.id, b.id, grandchild.id])).count).toBe(4);
    expect(await repo().byIds([root.id, a.id])).toEqual([]);
  });

  test("a parent that does not exist is refused by the database", async () => {
    const err = await repo()
      .create(item("orphan", { parentId: 987654321n }))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isForeignKeyViolation(err)).toBe(true);
  });
});
