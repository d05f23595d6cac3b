import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";
import type { Translate } from "../../i18n/I18nProvider.js";
import type { MessageKey } from "../../i18n/zh-CN.js";

/** Byte counts as B … YB with two decimals (spec §9); one implementation, shared with the admin. */
export { formatBytes } from "../common/format.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** A relative time as a message key and count: the testable half of formatRelative. */
export function relativeParts(date: Date, now: Date = new Date()): { key: MessageKey; count: number } {
  const diff = Math.max(0, now.getTime() - date.getTime());
  if (diff < MINUTE) return { key: "doc.time.justNow", count: 0 };
  if (diff < HOUR) return { key: "doc.time.minutes", count: Math.floor(diff / MINUTE) };
  if (diff < DAY) return { key: "doc.time.hours", count: Math.floor(diff / HOUR) };
  if (diff < MONTH) return { key: "doc.time.days", count: Math.floor(diff / DAY) };
  if (diff < YEAR) return { key: "doc.time.months", count: Math.floor(diff / MONTH) };
  return { key: "doc.time.years", count: Math.floor(diff / YEAR) };
}

/**
 * "刚刚", "5 分钟前", "3 小时前", "2 天前", "4 个月前" (30-day months), "1 年前" (spec §9); "-" for an
 * unset timestamp. Future times (clock skew) read as just now. Pass the `t` of useI18n().
 */
export function formatRelative(value: Timestamp | Date | undefined, t: Translate, now: Date = new Date()): string {
  if (!value) return "-";
  let date: Date;
  if (value instanceof Date) date = value;
  else if (value.seconds === 0n && value.nanos === 0) return "-";
  else date = timestampDate(value);
  const { key, count } = relativeParts(date, now);
  return t(key, { count });
}
