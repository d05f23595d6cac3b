// Content-coding acceptance and If-None-Match (handler.test.ts covers what send decides over HTTP).
import { acceptsCoding, noneMatch } from "./negotiate.js";

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
});
