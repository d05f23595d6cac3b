// The HTTP rules of static answers: content-coding acceptance, entity-tag and date validators, ranges.
import { acceptsCoding, ifRangeHolds, noneMatch, notModifiedSince, parseRange } from "./negotiate.js";

describe("acceptsCoding", () => {
  test.each([
    ["gzip, deflate, br, zstd", "br", true],
    ["gzip, deflate, br, zstd", "gzip", true],
    ["gzip", "br", false],
    ["br;q=0, gzip", "br", false],
    ["br;q=0, gzip", "gzip", true],
    ["BR ; q=0.5", "br", true],
    ["*", "br", true],
    ["*;q=0", "gzip", false],
    ["*, br;q=0", "br", false],
    ["x-gzip", "gzip", true],
    ["identity", "gzip", false],
    ["", "gzip", false],
  ] as const)("%j accepts %s: %s", (header, coding, want) => {
    expect(acceptsCoding(header, coding)).toBe(want);
  });

  test("no header: identity only", () => {
    expect(acceptsCoding(undefined, "gzip")).toBe(false);
  });
});

describe("validators", () => {
  test("If-None-Match compares weakly, accepts lists and *", () => {
    expect(noneMatch('"a-1"', '"a-1"')).toBe(true);
    expect(noneMatch('W/"a-1"', '"a-1"')).toBe(true);
    expect(noneMatch('"x", "a-1"', '"a-1"')).toBe(true);
    expect(noneMatch("*", '"a-1"')).toBe(true);
    expect(noneMatch('"a-2"', '"a-1"')).toBe(false);
    expect(noneMatch(undefined, '"a-1"')).toBe(false);
  });

  test("If-Modified-Since: not modified when the file is no newer (second precision)", () => {
    const mtime = Date.parse("2026-01-02T03:04:05.678Z");
    expect(notModifiedSince("Fri, 02 Jan 2026 03:04:05 GMT", mtime)).toBe(true);
    expect(notModifiedSince("Fri, 02 Jan 2026 03:04:04 GMT", mtime)).toBe(false);
    expect(notModifiedSince("not a date", mtime)).toBe(false);
  });

  test("If-Range holds for the same strong tag or the exact date only", () => {
    const date = "Fri, 02 Jan 2026 03:04:05 GMT";
    expect(ifRangeHolds(undefined, '"e"', date)).toBe(true);
    expect(ifRangeHolds('"e"', '"e"', date)).toBe(true);
    expect(ifRangeHolds('"f"', '"e"', date)).toBe(false);
    expect(ifRangeHolds('W/"e"', '"e"', date)).toBe(false);
    expect(ifRangeHolds(date, '"e"', date)).toBe(true);
    expect(ifRangeHolds("Sat, 03 Jan 2026 00:00:00 GMT", '"e"', date)).toBe(false);
  });
});

describe("parseRange", () => {
  test.each([
    ["bytes=0-9", 100, { start: 0, end: 9 }],
    ["bytes=90-", 100, { start: 90, end: 99 }],
    ["bytes=-10", 100, { start: 90, end: 99 }],
    ["bytes=-500", 100, { start: 0, end: 99 }],
    ["bytes=50-500", 100, { start: 50, end: 99 }],
    ["bytes=100-", 100, "unsatisfiable"],
    ["bytes=-0", 100, "unsatisfiable"],
    ["bytes=0-", 0, "unsatisfiable"],
    ["bytes=9-3", 100, null],
    ["bytes=0-1,5-6", 100, null],
    ["items=0-1", 100, null],
    ["bytes=-", 100, null],
    ["bytes=abc", 100, null],
  ] as const)("%s of %d bytes → %j", (header, size, want) => {
    expect(parseRange(header, size)).toEqual(want);
  });

  test("no header: no range", () => {
    expect(parseRange(undefined, 10)).toBeNull();
  });
});
