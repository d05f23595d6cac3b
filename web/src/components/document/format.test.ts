import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "@jest/globals";
import { translate } from "../../i18n/language.js";
import type { MessageKey } from "../../i18n/zh-CN.js";
import { formatBytes, formatRelative } from "./format.js";

const zh = (key: MessageKey, vars?: Record<string, string | number>) => translate("zh-CN", key, vars);
const en = (key: MessageKey, vars?: Record<string, string | number>) => translate("en", key, vars);
const now = new Date("2024-06-30T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe("formatRelative (spec §9: minutes, hours, days, 30-day months, years)", () => {
  it.each([
    [0, "刚刚"],
    [59_000, "刚刚"],
    [MIN, "1 分钟前"],
    [59 * MIN, "59 分钟前"],
    [60 * MIN, "1 小时前"],
    [23 * 60 * MIN, "23 小时前"],
    [DAY, "1 天前"],
    [29 * DAY, "29 天前"],
    [30 * DAY, "1 个月前"],
    [364 * DAY, "12 个月前"],
    [365 * DAY, "1 年前"],
    [3 * 365 * DAY + DAY, "3 年前"],
  ])("%d ms ago → %s", (ms, text) => {
    expect(formatRelative(ago(ms), zh, now)).toBe(text);
  });

  it("takes proto timestamps, treats unset as '-', and the future as just now", () => {
    expect(formatRelative(timestampFromDate(ago(2 * DAY)), en, now)).toBe("2 days ago");
    expect(formatRelative(undefined, zh, now)).toBe("-");
    expect(formatRelative(timestampFromDate(new Date(0)), zh, now)).toBe("-");
    expect(formatRelative(new Date(now.getTime() + 5 * MIN), zh, now)).toBe("刚刚");
  });

  it("re-exports the admin's formatBytes (B … YB, two decimals)", () => {
    expect(formatBytes(0)).toBe("0.00 B");
    expect(formatBytes(1536)).toBe("1.50 KB");
    expect(formatBytes(50n * 1024n * 1024n)).toBe("50.00 MB");
    expect(formatBytes(2 ** 80)).toBe("1.00 YB");
  });
});
