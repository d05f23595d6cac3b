import { DatePicker, Flex } from "antd";
import type { Dayjs } from "../../../components/common/dayjs.js";
import { useSizeClass } from "../../../hooks/useSizeClass.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

/** A start/end window; either end may stay empty (open). */
export type AdWindow = [Dayjs | null, Dayjs | null];

/**
 * The ad's start and end time: a range picker, or on a phone (where its two months do not fit) two
 * pickers one above the other.
 */
export function WindowInput({ value, onChange }: { value?: AdWindow; onChange?: (next: AdWindow) => void }) {
  const { t } = useI18n();
  const mobile = useSizeClass() === "mobile";
  const [start, end] = value ?? [null, null];
  if (!mobile) {
    return (
      <DatePicker.RangePicker
        showTime
        allowEmpty={[true, true]}
        value={[start, end]}
        placeholder={[t("adm.ad.start"), t("adm.ad.end")]}
        onChange={(next) => onChange?.([next?.[0] ?? null, next?.[1] ?? null])}
        style={{ width: "100%" }}
        data-testid="ad-window"
      />
    );
  }
  return (
    <Flex vertical gap={8} data-testid="ad-window">
      <DatePicker
        showTime
        value={start}
        placeholder={t("adm.ad.start")}
        aria-label={t("adm.ad.start")}
        onChange={(next) => onChange?.([next ?? null, end])}
        style={{ width: "100%" }}
      />
      <DatePicker
        showTime
        value={end}
        placeholder={t("adm.ad.end")}
        aria-label={t("adm.ad.end")}
        onChange={(next) => onChange?.([start, next ?? null])}
        style={{ width: "100%" }}
      />
    </Flex>
  );
}
