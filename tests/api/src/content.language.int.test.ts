// LanguageAPI over REST: the seeded languages, CRUD and validation, visitors see enabled languages
// only, the public settings (ConfigAPI.GetSettings) list the enabled ones at once after a change,
// document counts, deleting a language leaves its documents without one, permissions.
import { admin, db, plain, stack, useSite } from "./site.fixture.js";
import { rest } from "./testing.js";

useSite("langplain");

type Lang = { id: number; language: string; code: string; enable: boolean; sort: number; total: number };
const listAs = async (token?: string, query = "") => {
  const r = await rest(stack.url, "GET", `/api/v1/language/list?${query}`, undefined, token);
  expect(r.status).toBe(200);
  return r.json as { total: number; language: Lang[] };
};
const byCode = async (code: string) => {
  const found = (await listAs(admin)).language.find((l) => l.code === code);
  expect(found).toBeDefined();
  return found as Lang;
};
const settingsCodes = async () => {
  const r = await rest(stack.url, "GET", "/api/v1/settings");
  expect(r.status).toBe(200);
  return (r.json.language as Array<{ id: number; language: string; code: string }>).map((l) => l.code);
};
const seededCodes = ["zh-CN", "zh-TW", "en", "ja", "ko", "fr", "de", "es", "ru", "pt", "it", "ar", "vi", "th"];

test("a new site has the common languages, enabled, Chinese first; the public settings list them", async () => {
  const list = await listAs();
  expect(list.total).toBe(seededCodes.length);
  expect(list.language.map((l) => l.code)).toEqual(seededCodes);
  expect(list.language[0]).toMatchObject({ code: "zh-CN", language: "简体中文", enable: true, total: 0 });
  expect(list.language.map((l) => l.language)).toContain("日本語");
  expect(await settingsCodes()).toEqual(seededCodes);
  const s = await rest(stack.url, "GET", "/api/v1/settings");
  expect((s.json.language as unknown[])[1]).toMatchObject({ language: "繁體中文", code: "zh-TW" });
});

test("create, update, enable and disable, delete: visitors and the settings follow at once", async () => {
  const created = await rest(
    stack.url,
    "POST",
    "/api/v1/language",
    { language: " Nederlands ", code: "nl", enable: true, sort: 1000 },
    admin,
  );
  expect([created.status, created.json.message]).toEqual([200, undefined]);
  const nl = await byCode("nl");
  expect(nl).toMatchObject({ language: "Nederlands", enable: true, sort: 1000 });
  expect((await listAs()).language[0]?.code).toBe("nl");
  expect((await settingsCodes())[0]).toBe("nl");

  const upd = await rest(
    stack.url,
    "PUT",
    "/api/v1/language",
    { id: nl.id, language: "荷兰语", code: "nl-NL", enable: false, sort: 1 },
    admin,
  );
  expect([upd.status, upd.json.message]).toEqual([200, undefined]);
  expect(await byCode("nl-NL")).toMatchObject({ id: nl.id, language: "荷兰语", enable: false, sort: 1 });
  expect((await listAs()).language.map((l) => l.code)).not.toContain("nl-NL");
  expect(await settingsCodes()).not.toContain("nl-NL");

  // Bulk status: disable two seeded languages, then enable one of them again.
  const [ja, ko] = [await byCode("ja"), await byCode("ko")];
  const off = await rest(stack.url, "PUT", "/api/v1/language/status", { id: [ja.id, ko.id], enable: false }, admin);
  expect(off.status).toBe(200);
  expect((await listAs()).language.map((l) => l.code)).toEqual(seededCodes.filter((c) => c !== "ja" && c !== "ko"));
  expect(await settingsCodes()).toEqual(seededCodes.filter((c) => c !== "ja" && c !== "ko"));
  expect((await listAs(plain, "enable=false")).total).toBe(seededCodes.length - 2);
  const admins = await listAs(admin, "enable=false");
  expect(admins.language.map((l) => l.code).sort()).toEqual(["ja", "ko", "nl-NL"]);
  expect((await listAs(admin, "wd=中文")).language.map((l) => l.code)).toEqual(["zh-CN", "zh-TW"]);
  expect((await listAs(admin, "wd=zh-t")).language.map((l) => l.code)).toEqual(["zh-TW"]);
  expect((await listAs(admin, "page=2&size=5")).language.map((l) => l.code)).toEqual(seededCodes.slice(5, 10));
  expect((await rest(stack.url, "PUT", "/api/v1/language/status", { id: [ko.id], enable: true }, admin)).status).toBe(
    200,
  );
  expect(await settingsCodes()).toEqual(seededCodes.filter((c) => c !== "ja"));

  const del = await rest(stack.url, "DELETE", `/api/v1/language?id=${nl.id}&id=${ja.id}`, undefined, admin);
  expect(del.status).toBe(200);
  const left = (await listAs(admin)).language.map((l) => l.code);
  expect(left).toEqual(seededCodes.filter((c) => c !== "ja"));
});

test("document counts; deleting a language leaves its documents without one", async () => {
  const en = await byCode("en");
  await db.attachment.create({ data: { hash: "a".repeat(32), storageKey: "documents/a.pdf", ext: ".pdf" } });
  const doc = (deletedAt: Date | null) => ({
    title: "英文文档",
    userId: 1n,
    attachmentHash: "a".repeat(32),
    ext: ".pdf",
    languageId: BigInt(en.id),
    deletedAt,
  });
  const kept = await db.document.create({ data: doc(null) });
  await db.document.create({ data: doc(null) });
  await db.document.create({ data: doc(new Date()) }); // in the recycle bin: not counted
  expect((await byCode("en")).total).toBe(2);
  expect((await listAs()).language.find((l) => l.code === "en")?.total).toBe(2);

  expect((await rest(stack.url, "DELETE", `/api/v1/language?id=${en.id}`, undefined, admin)).status).toBe(200);
  expect(await db.document.findUnique({ where: { id: kept.id } })).toMatchObject({ languageId: null });
  expect(await db.document.count()).toBe(3);
});

test("validation: clear messages, nothing saved", async () => {
  const before = (await listAs(admin)).total;
  const cases: Array<[Record<string, unknown>, number, string]> = [
    [{ language: " ", code: "xx" }, 400, "请输入语言名称"],
    [{ language: "名".repeat(65), code: "xx" }, 400, "语言名称不能超过64个字符"],
    [{ language: "某语言", code: "" }, 400, "请输入语言代码"],
    [{ language: "某语言", code: "中文" }, 400, "语言代码格式不正确，例如 zh-CN、en"],
    [{ language: "某语言", code: "x-<script>" }, 400, "语言代码格式不正确，例如 zh-CN、en"],
    [{ language: "简体", code: "zh-cn" }, 409, "语言代码「zh-cn」已存在"],
  ];
  for (const [body, status, message] of cases) {
    const r = await rest(stack.url, "POST", "/api/v1/language", body, admin);
    expect([r.status, r.json.message]).toEqual([status, message]);
  }
  expect((await listAs(admin)).total).toBe(before);

  const zh = await byCode("zh-CN");
  const put = (body: Record<string, unknown>) => rest(stack.url, "PUT", "/api/v1/language", body, admin);
  const clash = await put({ id: zh.id, language: "简体中文", code: "zh-TW", enable: true });
  expect([clash.status, clash.json.message]).toEqual([409, "语言代码「zh-TW」已存在"]);
  const missing = await put({ id: 999999, language: "无", code: "xx" });
  expect([missing.status, missing.json.message]).toEqual([404, "语言不存在"]);
  expect((await put({ language: "无编号", code: "xx" })).json.message).toBe("请指定要修改的语言");
  const none = await rest(stack.url, "PUT", "/api/v1/language/status", { id: [], enable: false }, admin);
  expect([none.status, none.json.message]).toEqual([400, "请选择要启用或禁用的语言"]);
  const gone = await rest(stack.url, "PUT", "/api/v1/language/status", { id: [999999], enable: false }, admin);
  expect([gone.status, gone.json.message]).toEqual([404, "语言不存在"]);
  expect((await rest(stack.url, "DELETE", "/api/v1/language", undefined, admin)).json.message).toBe(
    "请选择要删除的语言",
  );
  expect(await byCode("zh-CN")).toMatchObject({ id: zh.id, language: "简体中文", enable: true });
});

test("managing languages needs the permission", async () => {
  const zh = await byCode("zh-CN");
  expect((await rest(stack.url, "POST", "/api/v1/language", { language: "x", code: "xx" })).status).toBe(401);
  const calls: Array<[string, string, unknown]> = [
    ["POST", "/api/v1/language", { language: "x", code: "xx" }],
    ["PUT", "/api/v1/language", { id: zh.id, language: "x", code: "zh-CN" }],
    ["PUT", "/api/v1/language/status", { id: [zh.id], enable: false }],
    ["DELETE", `/api/v1/language?id=${zh.id}`, undefined],
  ];
  for (const [method, path, body] of calls) {
    const r = await rest(stack.url, method, path, body, plain);
    expect([method, path, r.status]).toEqual([method, path, 403]);
  }
  expect(await byCode("zh-CN")).toMatchObject({ language: "简体中文", enable: true });
});
