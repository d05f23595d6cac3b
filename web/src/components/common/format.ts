import { type Timestamp, timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import dayjs, { type Dayjs } from "dayjs";

/** "2024-05-01 13:45", or "-" for an unset timestamp. */
export function formatTime(ts: Timestamp | undefined): string {
  if (!ts || (ts.seconds === 0n && ts.nanos === 0)) return "-";
  return dayjs(timestampDate(ts)).format("YYYY-MM-DD HH:mm");
}

export function toDayjs(ts: Timestamp | undefined): Dayjs | undefined {
  return ts && ts.seconds !== 0n ? dayjs(timestampDate(ts)) : undefined;
}

export function fromDayjs(value: Dayjs | null | undefined): Timestamp | undefined {
  return value ? timestampFromDate(value.toDate()) : undefined;
}

/** Byte counts as B, KB, MB… with two decimals (spec §9). */
export function formatBytes(bytes: number | bigint): string {
  const units = ["B", "KB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"];
  let value = Number(bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${units[unit]}`;
}

/** Table row keys and form values: proto int64 ids as strings. */
export const idKey = (id: bigint | number): string => String(id);
