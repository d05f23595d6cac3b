import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "@jest/globals";
import { formatBytes, formatTime } from "./format.js";

describe("formatTime", () => {
  it("writes a timestamp as YYYY-MM-DD HH:mm in local time, zero-padded", () => {
    expect(formatTime(timestampFromDate(new Date(2024, 4, 1, 3, 5, 59)))).toBe("2024-05-01 03:05");
    expect(formatTime(timestampFromDate(new Date(2023, 11, 31, 23, 59)))).toBe("2023-12-31 23:59");
  });

  it("writes - for an unset timestamp", () => {
    expect(formatTime(undefined)).toBe("-");
    expect(formatTime(timestampFromDate(new Date(0)))).toBe("-");
  });
});

describe("formatBytes", () => {
  it("uses the largest unit below 1024 with two decimals", () => {
    expect(formatBytes(0)).toBe("0.00 B");
    expect(formatBytes(1536n)).toBe("1.50 KB");
    expect(formatBytes(5 * 1024 ** 3)).toBe("5.00 GB");
  });
});
