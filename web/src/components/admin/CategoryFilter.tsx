import { TreeSelect } from "antd";
import { useI18n } from "../../i18n/I18nProvider.js";
import type { TreeOption } from "../category/useCategoryOptions.js";
import type { AdminList } from "./list/useAdminList.js";

/** The category filter of an admin list (documents, articles): one category of the tree, kept in the URL's `categoryId`. */
export function CategoryFilter<Row>({ list, options }: { list: AdminList<Row>; options: TreeOption[] }) {
  const { t } = useI18n();
  return (
    <TreeSelect
      allowClear
      showSearch
      treeNodeFilterProp="title"
      placeholder={t("adm.doc.allCategories")}
      style={{ width: 180, maxWidth: "100%" }}
      value={list.query.filters.categoryId}
      treeData={options}
      onChange={(value: string | undefined) => list.setFilter("categoryId", value)}
    />
  );
}
