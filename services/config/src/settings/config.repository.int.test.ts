// The configs table's SQL on a real PostgreSQL: seeding inserts missing keys with their default and
// refreshes the others' metadata without touching a saved value (updated_at moves only when something
// changed), replicas seeding at once insert each key once, and a save writes every value or none.
import { useTestDatabase } from "../../../../jest/db.js";
import { createDb } from "../db.js";
import type { CatalogEntry } from "./catalog.js";
import { createConfigRepository } from "./config.repository.js";

const db = useTestDatabase(createDb);
const repo = () => createConfigRepository(db());

let seq = 0;
/** A category of keys no other test uses. */
const category = () => `test_${++seq}`;
type Seeded = CatalogEntry & { initial: string };
const entry = (cat: string, name: string, over: Partial<Seeded> = {}): Seeded => ({
  category: cat,
  name,
  label: `${name} label`,
  inputType: "text",
  value: "",
  initial: `${name}-default`,
  placeholder: "",
  options: "",
  secret: false,
  sort: 1,
  ...over,
});
const row = (cat: string, name: string) =>
  db().config.findUniqueOrThrow({ where: { category_name: { category: cat, name } } });

test("seed inserts the missing keys with their default and counts only those", async () => {
  const c = category();
  expect(await repo().seed([entry(c, "a"), entry(c, "b", { secret: true, sort: 2 })])).toBe(2);
  expect(await row(c, "b")).toMatchObject({ value: "b-default", isSecret: true, sort: 2, label: "b label" });
  expect(await repo().seed([entry(c, "a"), entry(c, "b", { secret: true, sort: 2 }), entry(c, "c")])).toBe(1);
  expect(await repo().seed([])).toBe(0);
});

test("seed refreshes metadata, never a value; updated_at moves only when the metadata changed", async () => {
  const c = category();
  await repo().seed([entry(c, "title")]);
  await repo().saveValues([{ category: c, name: "title", value: "saved by staff" }]);
  const saved = await row(c, "title");

  expect(await repo().seed([entry(c, "title", { initial: "a new default" })])).toBe(0);
  expect(await row(c, "title")).toMatchObject({ value: "saved by staff", updatedAt: saved.updatedAt });

  await repo().seed([
    entry(c, "title", { label: "新标签", inputType: "textarea", options: "x:y", secret: true, sort: 9 }),
  ]);
  const refreshed = await row(c, "title");
  expect(refreshed).toMatchObject({
    value: "saved by staff",
    label: "新标签",
    inputType: "textarea",
    options: "x:y",
    isSecret: true,
    sort: 9,
  });
  expect(refreshed.updatedAt.getTime()).toBeGreaterThan(saved.updatedAt.getTime());
});

test("replicas seeding at once insert each key once", async () => {
  const c = category();
  const keys = Array.from({ length: 30 }, (_, i) => entry(c, `k${i}`));
  const added = await Promise.all(Array.from({ length: 4 }, () => repo().seed(keys)));
  expect(added.reduce((a, b) => a + b, 0)).toBe(30);
  expect(await db().config.count({ where: { category: c } })).toBe(30);
});

test("a save writes every value or none: one unknown key fails the whole save", async () => {
  const c = category();
  await repo().seed([entry(c, "x"), entry(c, "y")]);
  await repo().saveValues([
    { category: c, name: "x", value: "1" },
    { category: c, name: "y", value: "" },
  ]);
  expect([(await row(c, "x")).value, (await row(c, "y")).value]).toEqual(["1", ""]);
  await expect(
    repo().saveValues([
      { category: c, name: "x", value: "2" },
      { category: c, name: "missing", value: "3" },
    ]),
  ).rejects.toThrow();
  expect((await row(c, "x")).value).toBe("1");
});

test("reads keep the catalogue's order: category, then sort, then id", async () => {
  const [c1, c2] = [category(), category()];
  await repo().seed([
    entry(c2, "late", { sort: 1 }),
    entry(c1, "second", { sort: 2 }),
    entry(c1, "first", { sort: 1 }),
  ]);
  await repo().seed([entry(c1, "tied", { sort: 2 })]); // same sort as "second", a later id
  const names = (rows: { category: string; name: string }[]) =>
    rows.filter((r) => r.category === c1 || r.category === c2).map((r) => `${r.category}.${r.name}`);
  const expected = [`${c1}.first`, `${c1}.second`, `${c1}.tied`, `${c2}.late`];
  expect(names(await repo().all())).toEqual(expected);
  expect(names(await repo().inCategories([c2, c1]))).toEqual(expected);
  expect(names(await repo().inCategories([c2]))).toEqual([`${c2}.late`]);
  expect(await repo().inCategories(["no_such_category"])).toEqual([]);
});
