import { type Category, CategoryAPI } from "@wenku/proto/api/v1/category_pb.js";
import type { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useEditing } from "../../../components/admin/list/useEditing.js";
import { useCan } from "../../../components/admin/permissions.js";
import { TreeListCard } from "../../../components/admin/TreeListCard.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { type CategoryRow, categoryTree } from "../../category/categoryTree.js";
import { type CategoryEdit, CategoryFormDrawer } from "./CategoryFormDrawer.js";
import { categoryColumns } from "./categoryColumns.js";

const CAT_API = "/api.v1.CategoryAPI";
/** Every category of a type in one list: trees are small and the editor needs all of them. */
export const CATEGORY_LIST_SIZE = 10_000n;
type Row = CategoryRow<Category>;

/** The fields UpdateCategory takes, from a listed category. */
export function categoryInit(item: Category) {
  const { createdAt: _c, updatedAt: _u, $typeName: _t, ...fields } = item;
  return fields;
}

const flatten = (rows: readonly Row[]): Category[] => rows.flatMap((row) => [row.item, ...flatten(row.children ?? [])]);

/**
 * The category tree editor shared by /admin/document/category (type 0) and
 * /admin/article/category (type 1): create top-level and sub-categories, edit, enable, re-sort,
 * delete (the server refuses categories that still hold children or documents; its message shows).
 */
export function CategoryEditor({ type, title }: { type: CategoryType; title: string }) {
  const { t } = useI18n();
  const can = useCan();
  const editing = useEditing<CategoryEdit>();
  const list = useAdminList({
    method: CategoryAPI.method.listCategory,
    request: ({ wd }) => ({ page: 1n, size: CATEGORY_LIST_SIZE, type: [type], wd }),
    rows: (r) => categoryTree(r.category),
    rowKey: (row) => row.key,
    pageSize: 0,
  });
  const categories = flatten(list.rows);
  const remove = useAdminMutation(CategoryAPI.method.deleteCategory, {
    success: t("adm.common.deleted"),
    failure: t("adm.common.deleteFailed"),
    onSuccess: list.clearSelection,
  });
  const updateCategory = useAdminMutation(CategoryAPI.method.updateCategory, { success: false });
  const update = async (item: Category, change: Partial<Pick<Category, "enable" | "sort">>) => {
    if (!(await updateCategory.run({ ...categoryInit(item), ...change }))) throw new Error("not saved");
  };

  const canCreate = can(`${CAT_API}/CreateCategory`);
  const canUpdate = can(`${CAT_API}/UpdateCategory`);
  const canDelete = can(`${CAT_API}/DeleteCategory`);
  const columns = categoryColumns(t, type, {
    update,
    canUpdate,
    edit: canUpdate ? editing.open : undefined,
    addChild: canCreate ? (parentId) => editing.open({ parentId }) : undefined,
    remove: canDelete ? (item) => void remove.run({ id: [item.id] }) : undefined,
  });

  return (
    <TreeListCard<Row>
      title={title}
      list={list}
      columns={columns}
      parentKeys={categories
        .filter((c) => categories.some((other) => other.parentId === c.id))
        .map((c) => String(c.id))}
      searchPlaceholder={t("adm.cat.searchPlaceholder")}
      onAdd={canCreate ? () => editing.open({ parentId: 0n }) : undefined}
      addLabel={t("adm.cat.add")}
      addTestId="category-add"
      onBatchDelete={canDelete ? (rows) => remove.run({ id: rows.map((row) => row.item.id) }) : undefined}
      testId="category-table"
    >
      <CategoryFormDrawer
        key={editing.key}
        type={type}
        edit={editing.edit}
        categories={categories}
        onClose={editing.close}
        onSaved={editing.close}
      />
    </TreeListCard>
  );
}
