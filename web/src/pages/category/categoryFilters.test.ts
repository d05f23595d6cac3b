import { describe, expect, it } from "@jest/globals";
import { readFilters, writeFilters } from "./categoryFilters.js";

describe("category page filters", () => {
  it("reads known values from the query", () => {
    expect(readFilters(new URLSearchParams("type=ppt&sort=downloads&page=3"))).toEqual({
      type: "ppt",
      sort: "downloads",
      page: 3,
    });
  });

  it("falls back on unknown or malformed values, including inherited object keys", () => {
    expect(readFilters(new URLSearchParams("type=toString&sort=constructor&page=-2"))).toEqual({
      type: null,
      sort: "default",
      page: 1,
    });
    expect(readFilters(new URLSearchParams("page=abc"))).toEqual({ type: null, sort: "default", page: 1 });
  });

  it("writes only what differs from the defaults and round-trips", () => {
    expect(writeFilters({ type: null, sort: "default", page: 1 }).toString()).toBe("");
    const filters = { type: "word", sort: "latest", page: 2 } as const;
    expect(readFilters(writeFilters(filters))).toEqual(filters);
  });
});
