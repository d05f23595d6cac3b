import { EyeOutlined, PlusOutlined } from "@ant-design/icons";
import type { Category } from "@wenku/proto/api/v1/category_pb.js";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { Space, type TableColumnsType } from "antd";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { enableColumn, titleColumn } from "../../../components/admin/table.js";
import { formatTime } from "../../../components/common/format.js";
import type { Translate } from "../../../i18n/I18nProvider.js";
import type { CategoryRow } from "../../category/categoryTree.js";
import type { CategoryEdit } from "./CategoryFormDrawer.js";
import { SortCell } from "./SortCell.js";

type Row = CategoryRow<Category>;

export interface CategoryColumnHandlers {
  /** Enable/sort changes; rejects when the server refused (the sort cell then shows the old value). */
  update: (item: Category, change: Partial<Pick<Category, "enable" | "sort">>) => Promise<void>;
  edit?: (next: CategoryEdit) => void;
  addChild?: (parentId: bigint) => void;
  remove?: (item: Category) => void;
  canUpdate: boolean;
}

/** The category tree's columns; secondary ones are hidden on narrow screens. */
export function categoryColumns(t: Translate, type: CategoryType, on: CategoryColumnHandlers): TableColumnsType<Row> {
  return [
    titleColumn(
      t("adm.common.title"),
      ({ item }: Row) => (
        <Space size={6}>
          {item.icon && <img src={item.icon} alt="" width={18} height={18} style={{ objectFit: "contain" }} />}
          <span style={{ fontWeight: item.parentId === 0n ? 500 : undefined }}>{item.title}</span>
        </Space>
      ),
      120,
      ({ item }) => item.title,
    ),
    { title: t("adm.common.id"), key: "id", width: 64, responsive: ["md"], render: (_, { item }) => String(item.id) },
    {
      title: t(type === CategoryType.ARTICLE ? "adm.cat.articleCount" : "adm.cat.docCount"),
      key: "docCount",
      width: 80,
      responsive: ["sm"],
      render: (_, { item }) => item.docCount,
    },
    enableColumn(
      t,
      ({ item }: Row) => ({ enable: item.enable, name: item.title }),
      ({ item }, enable) => void on.update(item, { enable }).catch(() => undefined),
      !on.canUpdate,
    ),
    {
      title: t("adm.common.sort"),
      key: "sort",
      width: 104,
      responsive: ["sm"],
      render: (_, { item }) => (
        <SortCell
          value={item.sort}
          disabled={!on.canUpdate}
          label={`${t("adm.common.sort")} ${item.title}`}
          onSave={(sort) => on.update(item, { sort })}
        />
      ),
    },
    {
      title: t("adm.cat.showDescription"),
      key: "showDescription",
      responsive: ["md"],
      render: (_, { item }) => t(item.showDescription ? "adm.common.yes" : "adm.common.no"),
    },
    {
      title: t("adm.common.description"),
      key: "description",
      responsive: ["lg"],
      ellipsis: true,
      width: 180,
      render: (_, { item }) => item.description || "-",
    },
    {
      title: t("adm.common.createdAt"),
      key: "createdAt",
      responsive: ["md"],
      render: (_, { item }) => formatTime(item.createdAt),
    },
    actionsColumn(t, ({ item }: Row) => (
      <RowActions
        name={item.title}
        actions={[
          type === CategoryType.DOCUMENT && {
            key: "view",
            label: t("adm.cat.view"),
            icon: <EyeOutlined />,
            href: `/category/${item.id}`,
          },
          on.addChild && {
            key: "addChild",
            label: t("adm.cat.addChild"),
            icon: <PlusOutlined />,
            onClick: () => on.addChild?.(item.id),
          },
        ]}
        onEdit={on.edit && (() => on.edit?.({ item }))}
        onDelete={on.remove && (() => on.remove?.(item))}
      />
    )),
  ];
}
