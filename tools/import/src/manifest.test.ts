import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ManifestError, readManifest } from "./manifest.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "wenku-manifest-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

test("CSV (BOM, quoted commas, Chinese separators in tags) and JSON give the same entries", async () => {
  await writeFile(
    join(dir, "wenku-import.csv"),
    '\uFEFFfile,title,category,tags,description,price\n./a/x.pdf,标题,一/二,"甲,乙；丙",说明,3\nb.pdf,,,,,\n',
  );
  const csv = await readManifest(dir);
  expect(csv.name).toBe("wenku-import.csv");
  expect([...csv.entries]).toEqual([
    ["a/x.pdf", { title: "标题", category: "一/二", tags: ["甲", "乙", "丙"], description: "说明", price: 3 }],
    ["b.pdf", {}],
  ]);
  await rm(join(dir, "wenku-import.csv"));
  await writeFile(
    join(dir, "wenku-import.json"),
    JSON.stringify([
      { file: "a/x.pdf", title: "标题", category: "一/二", tags: ["甲", "乙", "丙"], description: "说明", price: 3 },
    ]),
  );
  expect((await readManifest(dir)).entries.get("a/x.pdf")).toEqual(csv.entries.get("a/x.pdf"));
});

test("no manifest: no entries", async () => {
  expect(await readManifest(dir)).toEqual({ name: null, entries: new Map() });
});

test.each([
  ["wenku-import.csv", "file,price\na.pdf,-1\n", "wenku-import.csv 第2行：price"],
  ["wenku-import.csv", "file,colour\na.pdf,red\n", "未知字段 colour"],
  ["wenku-import.csv", "file,title\na.pdf,x\na.pdf,y\n", "第3行：a.pdf 重复出现"],
  ["wenku-import.csv", 'file,title\n"a.pdf,x\n', "wenku-import.csv："],
  ["wenku-import.json", "{", "不是有效的 JSON"],
  ["wenku-import.json", '{"file":"a.pdf"}', "须为数组"],
  ["wenku-import.json", '[{"title":"x"}]', "第1项：缺少 file"],
  ["wenku-import.json", '[{"file":"a.pdf","tags":[1]}]', "tags 须为文本"],
])("%s %j is refused naming the row and field", async (name, body, message) => {
  await writeFile(join(dir, name), body);
  await expect(readManifest(dir)).rejects.toThrow(ManifestError);
  await expect(readManifest(dir)).rejects.toThrow(message);
});
