// Language writes are announced (the public settings keep the enabled languages until told), refused
// writes are not; the settings' list (a field list without "total") counts no documents.
import type { CallContext } from "@wenku/kit";
import type { LanguageData, LanguageRepository, LanguageRow } from "./language.repository.js";
import { createLanguageService, type ListLanguageInput } from "./language.service.js";

/** An in-memory stand-in for the repository (its SQL is covered by the system tests). */
function memoryRepo() {
  const rows: LanguageRow[] = [];
  let next = 1n;
  const at = new Date(0);
  const counted: bigint[][] = [];
  const repo = {
    byId: async (id: bigint) => rows.find((r) => r.id === id) ?? null,
    sameCode: async (code: string, except?: bigint) =>
      rows.find((r) => r.code.toLowerCase() === code.toLowerCase() && r.id !== except) ?? null,
    all: async () => [...rows],
    documentCounts: async (ids: bigint[]) => {
      counted.push(ids);
      return new Map(ids.map((id) => [id, 7]));
    },
    create: async (data: LanguageData) => {
      const row = { id: next++, ...data, createdAt: at, updatedAt: at };
      rows.push(row);
      return { ok: true as const, value: row };
    },
    update: async (id: bigint, data: LanguageData) => {
      const row = rows.find((r) => r.id === id);
      if (row) Object.assign(row, data);
      return { ok: true as const, value: row as LanguageRow };
    },
    setEnable: async (ids: bigint[], enable: boolean) => {
      const hit = rows.filter((r) => ids.includes(r.id));
      for (const r of hit) r.enable = enable;
      return hit.length;
    },
    deleteMany: async (ids: bigint[]) => {
      const before = rows.length;
      rows.splice(0, rows.length, ...rows.filter((r) => !ids.includes(r.id)));
      return before - rows.length;
    },
    seed: async () => 0,
  };
  // The repository's reads are typed as Prisma's lazy promises; plain ones serve the service the same.
  return { repo: repo as unknown as LanguageRepository, counted };
}

const visitor: CallContext = { identity: null, clientIp: "127.0.0.1", requestId: "t", internal: false };
const listInput = (field: string[]): ListLanguageInput => ({ page: 1n, size: 100n, wd: "", enable: [], field });
const input = { id: 0n, language: "English", code: "en", enable: true, sort: 0 };

test("create, update, enable/disable and delete each announce the change; refused writes do not", async () => {
  const { repo } = memoryRepo();
  let announced = 0;
  const languages = createLanguageService({
    repo,
    onChanged: async () => {
      announced++;
    },
  });
  const en = await languages.create(input);
  expect(announced).toBe(1);
  await expect(languages.create({ ...input, language: "英语" })).rejects.toThrow("已存在");
  await expect(languages.create({ ...input, code: "not a code" })).rejects.toThrow("语言代码格式不正确");
  expect(announced).toBe(1);

  await languages.update({ ...input, id: en.id, language: "英语" });
  expect(announced).toBe(2);
  await expect(languages.update({ ...input, id: 99n })).rejects.toThrow("语言不存在");
  await languages.setEnable([en.id], false);
  expect(announced).toBe(3);
  await expect(languages.setEnable([99n], true)).rejects.toThrow("语言不存在");
  await languages.delete([99n]); // nothing deleted: nothing changed
  expect(announced).toBe(3);
  await languages.delete([en.id]);
  expect(announced).toBe(4);
});

test("documents are counted unless a field list leaves total out (the settings' list)", async () => {
  const { repo, counted } = memoryRepo();
  const languages = createLanguageService({ repo });
  await languages.create(input);
  const settingsList = await languages.list(visitor, listInput(["id", "language", "code", "enable"]));
  expect(settingsList.items.map((l) => [l.code, l.total])).toEqual([["en", 0]]);
  expect(counted).toEqual([]);
  expect((await languages.list(visitor, listInput([]))).items[0]?.total).toBe(7);
  expect((await languages.list(visitor, listInput(["code", "total"]))).items[0]?.total).toBe(7);
  expect(counted).toHaveLength(2);
});
