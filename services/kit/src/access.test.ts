// The contract's access rules as admins see them: every RPC carries a concise Chinese title
// (shown in the group-permission editor and in logs), and the synced permission rows use it.
import { AccessLevel, accessRuleOf, fullMethodName, GRPC_METHOD, isGrantable, permissionSpecs } from "./access.js";
import { allApiServices } from "./registry.js";

const services = allApiServices();
const methods = services.flatMap((svc) => svc.methods);

describe("permission titles in the contract", () => {
  test("the contract is loaded", () => {
    expect(services.length).toBeGreaterThan(20);
    expect(methods.filter((m) => isGrantable(accessRuleOf(m))).length).toBeGreaterThan(100);
  });

  test.each(methods.map((m) => [fullMethodName(m), m] as const))("%s has a concise Chinese title", (_name, m) => {
    const { title } = accessRuleOf(m);
    expect(title).not.toBe("");
    expect(title).toBe(title.trim());
    expect(title).not.toBe(m.name);
    expect(title).toMatch(/\p{Script=Han}/u);
    expect([...title].length).toBeLessThanOrEqual(16);
  });

  test.each(services.map((svc) => [svc.typeName, svc] as const))("titles are unique within %s", (_name, svc) => {
    const byTitle = new Map<string, string[]>();
    for (const m of svc.methods) {
      const title = accessRuleOf(m).title;
      byTitle.set(title, [...(byTitle.get(title) ?? []), m.name]);
    }
    const dupes = [...byTitle].filter(([, names]) => names.length > 1);
    expect(dupes).toEqual([]);
  });
});

describe("permissionSpecs", () => {
  const specs = permissionSpecs(services);

  test("one row per grantable RPC, none for the others (internal RPCs never)", () => {
    const grantable = methods.filter((m) => isGrantable(accessRuleOf(m))).map(fullMethodName);
    expect(specs.map((s) => s.path).sort()).toEqual(grantable.sort());
    expect(new Set(specs.map((s) => s.path)).size).toBe(specs.length);
    expect(specs.every((s) => s.method === GRPC_METHOD)).toBe(true);
    const internal = methods.filter((m) => accessRuleOf(m).level === AccessLevel.INTERNAL).map(fullMethodName);
    expect(internal.length).toBeGreaterThan(0);
    for (const p of internal) expect(specs.map((s) => s.path)).not.toContain(p);
  });

  test("rows carry the contract title, which fits the title column (varchar 64)", () => {
    const byPath = new Map(specs.map((s) => [s.path, s.title]));
    expect(byPath.get("/api.v1.DocumentAPI/ListDocument")).toBe("文档列表");
    expect(byPath.get("/api.v1.DocumentAPI/DeleteDocument")).toBe("删除文档");
    expect(byPath.get("/api.v1.DocumentAPI/SetDocumentsCategory")).toBe("批量设置文档分类");
    expect(byPath.get("/api.v1.ConfigAPI/UpdateConfig")).toBe("更新配置");
    for (const m of methods.filter((m) => isGrantable(accessRuleOf(m)))) {
      const title = byPath.get(fullMethodName(m));
      expect(title).toBe(accessRuleOf(m).title);
      expect([...(title ?? "")].length).toBeLessThanOrEqual(64);
    }
  });
});
