import type { TablePaginationConfig } from "antd";
import type { Translate } from "../../i18n/I18nProvider.js";

/** Server-side paging for an antd Table: current page, size, total and a size changer. */
export function tablePagination(
  t: Translate,
  query: { page: number; size: number },
  total: bigint | undefined,
  onChange: (page: number, size: number) => void,
): TablePaginationConfig {
  return {
    current: query.page,
    pageSize: query.size,
    total: Number(total ?? 0n),
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (count) => t("adm.common.total", { total: count }),
    onChange,
    responsive: true,
  };
}
