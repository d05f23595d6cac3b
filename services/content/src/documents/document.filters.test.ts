import type { CallContext } from "@wenku/kit";
import { type ListInput, listQuery, PUBLIC_MAX_SIZE, parseOrder } from "./document.filters.js";

const call = (identity: CallContext["identity"]): CallContext => ({
  identity,
  clientIp: "",
  requestId: "",
  internal: false,
});
const visitor = call(null);
const user = call({ userId: 7n, sessionId: "s", granted: false, staff: false });
const staff = call({ userId: 1n, sessionId: "s", granted: true, staff: true });
const input = (over: Partial<ListInput> = {}): ListInput => ({
  page: 0n,
  size: 0n,
  limit: 0n,
  wd: "",
  order: "",
  categoryId: [],
  userId: [],
  status: [],
  isRecommend: [],
  ext: [],
  createdAt: [],
  feeType: "",
  language: [],
  languageId: [],
  isVip: [],
  ...over,
});
const and = (q: ReturnType<typeof listQuery>) => q.where.AND as object[];

describe("parseOrder", () => {
  test("whitelisted columns, asc/desc, bare names descending, id breaks ties", () => {
    expect(parseOrder("")).toEqual([{ createdAt: "desc" }, { id: "desc" }]);
    expect(parseOrder("view_count")).toEqual([{ viewCount: "desc" }, { id: "desc" }]);
    expect(parseOrder("Pages ASC, id asc")).toEqual([{ pages: "asc" }, { id: "asc" }]);
    expect(parseOrder("recommend_at desc")).toEqual([{ recommendAt: { sort: "desc", nulls: "last" } }, { id: "desc" }]);
  });

  test.each(["password desc", "id sideways", "id desc nulls", "title; drop table", "user_id"])("refuses %s", (o) => {
    expect(() => parseOrder(o)).toThrow(/不支持的排序方式/);
  });
});

describe("listQuery", () => {
  test("visitors: public statuses only, asked statuses intersected, size capped, wd ignored", () => {
    const q = listQuery(visitor, input({ status: [2, 6], size: 500n, wd: "x" }), []);
    expect(and(q)).toEqual([{ deletedAt: null }, { status: { in: [2] } }]);
    expect([q.take, q.privileged]).toEqual([PUBLIC_MAX_SIZE, false]);
  });

  test("a user filtering by someone else is a visitor; by themself sees every status", () => {
    expect(and(listQuery(user, input({ userId: [8n], status: [6] }), []))).toContainEqual({ status: { in: [] } });
    const own = listQuery(user, input({ userId: [7n], status: [6] }), []);
    expect(and(own)).toEqual([{ deletedAt: null }, { status: { in: [6] } }, { userId: { in: [7n] } }]);
    expect(own.privileged).toBe(true);
  });

  test("staff: any status, wd, page and limit", () => {
    const q = listQuery(staff, input({ wd: " 论文 ", page: 3n, size: 20n }), []);
    expect(and(q)).toHaveLength(2);
    expect([q.skip, q.take]).toEqual([40, 20]);
    expect(listQuery(staff, input({ page: 3n, limit: 5n }), [])).toMatchObject({ skip: 0, take: 5 });
  });

  test("filters", () => {
    const q = listQuery(
      visitor,
      input({
        categoryId: [3n, 3n],
        ext: ["Word", ".PDF"],
        feeType: "charge",
        isRecommend: [true],
        isVip: [true, false],
        language: ["en"],
        createdAt: ["2024-01-01T00:00:00Z"],
      }),
      [5n],
    );
    expect(and(q).slice(2)).toEqual([
      { categories: { some: { categoryId: { in: [3n] } } } },
      { OR: [{ type: { in: ["word", "pdf"] } }, { ext: { in: [".word", ".pdf"] } }] },
      { languageId: { in: [5n] } },
      { price: { gt: 0 } },
      { recommendAt: { not: null } },
      { createdAt: { gte: new Date("2024-01-01T00:00:00Z") } },
    ]);
    expect(() => listQuery(visitor, input({ feeType: "cheap" }), [])).toThrow("fee_type 只能是 free 或 charge");
    expect(() => listQuery(visitor, input({ createdAt: ["soon"] }), [])).toThrow(/创建时间格式不正确/);
  });
});
