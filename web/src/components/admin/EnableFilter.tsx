import { Select } from "antd";
import { useI18n } from "../../i18n/I18nProvider.js";
import type { AdminList, ListQuery } from "./list/useAdminList.js";

type Status = "enabled" | "disabled";

/** The list request's `enable` for the status filter in the URL: [true], [false] or [] (any). */
export function enableFilter(query: Pick<ListQuery, "filters">): boolean[] {
  const status = query.filters.status;
  return status === "enabled" ? [true] : status === "disabled" ? [false] : [];
}

/** A list's enabled / disabled filter (URL parameter `status`), for AdminToolbar's filters. */
export function EnableFilter({ list }: { list: Pick<AdminList<unknown>, "query" | "setFilter"> }) {
  const { t } = useI18n();
  return (
    <Select<Status>
      allowClear
      placeholder={t("adm.filter.allStatus")}
      aria-label={t("adm.common.status")}
      style={{ width: 130 }}
      value={list.query.filters.status as Status | undefined}
      options={[
        { value: "enabled", label: t("adm.filter.enabled") },
        { value: "disabled", label: t("adm.filter.disabled") },
      ]}
      onChange={(status?: Status) => list.setFilter("status", status)}
    />
  );
}
