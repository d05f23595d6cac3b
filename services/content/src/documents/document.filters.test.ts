import type { CallContext } from "@wenku/kit";
import { type ListInput, listQuery, PUBLIC_MAX_SIZE, parseOrder } from "./document.filters.js";
import { PUBLIC_STATUSES } from "./visibility.js";

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

describe("parseOrder", () => {
  test("whitelisted columns, asc/desc, bare names descending, id breaks ties", () => {
    const by = (column: string, dir = "desc") => ({ column, dir });
    expect(parseOrder("")).toEqual([by("createdAt"), by("id")]);
    expect(parseOrder("view_count")).toEqual([by("viewCount"), by("id")]);
    expect(parseOrder("Pages ASC, id asc")).toEqual([by("pages", "asc"), by("id", "asc")]);
    expect(parseOrder("recommend_at")).toEqual([by("recommendAt"), by("id")]);
  });

  test.each(["password desc", "id sideways", "id desc nulls", "title; drop table", "user_id"])("refuses %s", (o) => {
    expect(() => parseOrder(o)).toThrow(/不支持的排序方式/);
  });
});

describe("listQuery", () => {
  test("visitors: public statuses only, asked statuses intersected, size capped, wd ignored", () => {
    const q = listQuery(visitor, input({ status: [2, 6], size: 500n, wd: "x" }), []);
    expect(q.where).toEqual({ deleted: false, statuses: [2] });
    expect([q.take, q.privileged]).toEqual([PUBLIC_MAX_SIZE, false]);
  });

  test("a user filtering by someone else is a visitor; by themself sees every status", () => {
    expect(listQuery(user, input({ userId: [8n], status: [6] }), []).where).toMatchObject({ statuses: [] });
    const own = listQuery(user, input({ userId: [7n], status: [6] }), []);
    expect(own.where).toEqual({ deleted: false, statuses: [6], userIds: [7n] });
    expect(own.privileged).toBe(true);
  });

  test("staff: any status, wd, page and limit", () => {
    const q = listQuery(staff, input({ wd: " 论文 ", page: 3n, size: 20n }), []);
    expect(q.where).toEqual({ deleted: false, text: { wd: "论文", keywords: true } });
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
    expect(q.where).toEqual({
      deleted: false,
      statuses: [...PUBLIC_STATUSES],
      categoryIds: [3n],
      kinds: { types: ["word", "pdf"], exts: [".word", ".pdf"] },
      languageIds: [5n],
      price: "charged",
      recommended: true,
      createdFrom: new Date("2024-01-01T00:00:00Z"),
    });
    expect(() => listQuery(visitor, input({ feeType: "cheap" }), [])).toThrow("fee_type 只能是 free 或 charge");
    expect(() => listQuery(visitor, input({ createdAt: ["soon"] }), [])).toThrow(/创建时间格式不正确/);
  });
});
