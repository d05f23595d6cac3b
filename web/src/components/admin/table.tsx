import type { TablePaginationConfig } from "antd";
import { Switch, Typography } from "antd";
import type { ColumnType } from "antd/es/table";
import type { ReactNode } from "react";
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

/**
 * The column that names a row. It keeps `minWidth` on a phone (the table scrolls sideways instead
 * of squeezing it to a few characters) and cuts a long name with an ellipsis, whole in a tooltip.
 */
export function titleColumn<Row>(
  title: string,
  render: (row: Row) => ReactNode,
  minWidth = 160,
  text?: (row: Row) => string,
): ColumnType<Row> {
  return {
    title,
    key: "title",
    width: minWidth,
    onCell: () => ({ style: { minWidth, maxWidth: minWidth * 2 } }),
    render: (_, row) =>
      text ? (
        <Typography.Text ellipsis={{ tooltip: text(row) }} style={{ maxWidth: minWidth * 2 }}>
          {render(row)}
        </Typography.Text>
      ) : (
        render(row)
      ),
  };
}

/**
 * The "enable" column: a small switch named after the row (启用 <name>), locked when the user may
 * not change it.
 */
export function enableColumn<Row>(
  t: Translate,
  of: (row: Row) => { enable: boolean; name: string },
  onChange: (row: Row, enable: boolean) => void,
  locked: boolean,
): ColumnType<Row> {
  return {
    title: t("adm.common.enable"),
    key: "enable",
    render: (_, row) => (
      <Switch
        size="small"
        checked={of(row).enable}
        disabled={locked}
        aria-label={`${t("adm.common.enable")} ${of(row).name}`}
        onChange={(enable) => onChange(row, enable)}
      />
    ),
  };
}

/** A row's description, cut to one line (whole in the cell's title), shown on wide screens only. */
export function descriptionColumn<Row>(t: Translate, of: (row: Row) => string): ColumnType<Row> {
  return {
    title: t("adm.common.description"),
    key: "description",
    ellipsis: true,
    width: 180,
    responsive: ["lg"],
    render: (_, row) => of(row),
  };
}
