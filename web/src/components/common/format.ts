import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";

const pad = (n: number) => String(n).padStart(2, "0");

/** "2024-05-01 13:45" in the visitor's time zone, or "-" for an unset timestamp. */
export function formatTime(ts: Timestamp | undefined): string {
  if (!ts || (ts.seconds === 0n && ts.nanos === 0)) return "-";
  const d = timestampDate(ts);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
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
