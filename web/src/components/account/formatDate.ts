import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";

/** A proto timestamp as a local date and time, or "" when unset. */
export function formatTimestamp(value: Timestamp | undefined, lang: string): string {
  if (!value || (value.seconds === 0n && value.nanos === 0)) return "";
  return timestampDate(value).toLocaleString(lang === "en" ? "en-US" : "zh-CN", { hour12: false });
}
