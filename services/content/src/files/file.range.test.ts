import { parseRange, rangeStillValid } from "./file.range.js";

describe("parseRange (RFC 9110 §14.1.2, one range)", () => {
  test.each([
    ["bytes=0-9", 100, { start: 0, end: 9 }],
    ["bytes=90-", 100, { start: 90, end: 99 }],
    ["bytes=90-500", 100, { start: 90, end: 99 }],
    ["bytes=-10", 100, { start: 90, end: 99 }],
    ["bytes=-500", 100, { start: 0, end: 99 }],
    [" bytes = 5 - 6 ", 100, { start: 5, end: 6 }],
  ])("%s of %d bytes → %j", (header, size, span) => {
    expect(parseRange(header, size)).toEqual(span);
  });

  test.each([
    ["bytes=100-", 100],
    ["bytes=100-200", 100],
    ["bytes=-0", 100],
    ["bytes=0-", 0],
  ])("%s of %d bytes is unsatisfiable (416)", (header, size) => {
    expect(parseRange(header, size)).toBe("unsatisfiable");
  });

  test.each([
    "",
    "bytes=",
    "bytes=-",
    "bytes=9-1",
    "bytes=0-1,5-6",
    "items=0-1",
    "bytes=a-b",
    "bytes=99999999999999999-",
    `bytes=0-${"9".repeat(300)}`,
  ])("%j is answered whole", (header) => {
    expect(parseRange(header, 100)).toBeNull();
  });
});

test("If-Range holds only for our current strong etag", () => {
  expect(rangeStillValid("", '"abc"')).toBe(true);
  expect(rangeStillValid('"abc"', '"abc"')).toBe(true);
  expect(rangeStillValid('"old"', '"abc"')).toBe(false);
  expect(rangeStillValid('W/"abc"', 'W/"abc"')).toBe(false);
  expect(rangeStillValid("Wed, 21 Oct 2015 07:28:00 GMT", '"abc"')).toBe(false);
  expect(rangeStillValid('"abc"', "")).toBe(false);
});
