// dayjs, which antd's date pickers take and give, for the screens that have one: it stays out of the
// pages without a picker. Importing this module keeps dayjs' global locale on the page's language.
import { type Timestamp, timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import dayjs, { type Dayjs } from "dayjs";
import "dayjs/locale/zh-cn";
import { type Lang, onLanguageApplied } from "../../i18n/language.js";

const DAYJS_LOCALES: Record<Lang, string> = { "zh-CN": "zh-cn", en: "en" };

onLanguageApplied((lang) => dayjs.locale(DAYJS_LOCALES[lang]));

export function toDayjs(ts: Timestamp | undefined): Dayjs | undefined {
  return ts && ts.seconds !== 0n ? dayjs(timestampDate(ts)) : undefined;
}

export function fromDayjs(value: Dayjs | null | undefined): Timestamp | undefined {
  return value ? timestampFromDate(value.toDate()) : undefined;
}

export { type Dayjs, dayjs };
