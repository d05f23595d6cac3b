import { type Category, CategoryAPI } from "@wenku/proto/api/v1/category_pb.js";
import type { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { Form, Input, TreeSelect } from "antd";
import { AdminFormDrawer } from "../../../components/admin/AdminFormDrawer.js";
import {
  DescriptionField,
  NameField,
  SortField,
  SwitchField,
  type TreeEdit,
} from "../../../components/admin/formFields.js";
import { type TreeDrawerProps, useTreeDrawerForm } from "../../../components/admin/list/useDrawerForm.js";
import { idKey } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { type CategoryRow, categoryTree, descendantIds } from "../../category/categoryTree.js";

interface CategoryValues {
  title: string;
  parentId: string;
  icon: string;
  cover: string;
  description: string;
  showDescription: boolean;
  enable: boolean;
  sort: number | null;
}

export type CategoryEdit = TreeEdit<Category>;

/** Empty, an absolute http(s) URL or a site path (uploads are served under /uploads). */
export const isImageUrl = (value: string): boolean => value === "" || /^(https?:\/\/\S+|\/\S*)$/.test(value);

interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}
const toOptions = (rows: CategoryRow<Category>[], skip: ReadonlySet<bigint>): TreeOption[] =>
  rows
    .filter((row) => !skip.has(row.item.id))
    .map((row) => ({
      value: idKey(row.item.id),
      title: row.item.title,
      ...(row.children ? { children: toOptions(row.children, skip) } : {}),
    }));

/** Create (under a parent, 0n for the top level) or edit a category of one type. */
export function CategoryFormDrawer({
  type,
  categories,
  ...props
}: TreeDrawerProps<Category> & {
  type: CategoryType;
  /** Every category of this type, for the parent picker. */
  categories: readonly Category[];
}) {
  const { t } = useI18n();
  const { drawer, item, parentId } = useTreeDrawerForm(
    CategoryAPI.method.createCategory,
    CategoryAPI.method.updateCategory,
    props,
    ["adm.cat.edit", "adm.cat.addChild", "adm.cat.add"],
    (values: CategoryValues) => ({
      type,
      title: values.title.trim(),
      parentId: BigInt(values.parentId || "0"),
      icon: values.icon.trim(),
      cover: values.cover.trim(),
      description: values.description.trim(),
      showDescription: values.showDescription,
      enable: values.enable,
      sort: values.sort ?? 0,
    }),
  );
  // A category cannot move under itself or one of its descendants.
  const skip = new Set(item ? descendantIds(categories, item.id) : []);
  const cover = Form.useWatch("cover", drawer.form);

  const urlRule = {
    validator: (_: unknown, value: string | undefined) =>
      isImageUrl((value ?? "").trim()) ? Promise.resolve() : Promise.reject(new Error(t("adm.cat.urlInvalid"))),
  };

  return (
    <AdminFormDrawer<CategoryValues>
      {...drawer}
      testId="category-form"
      initialValues={{
        title: item?.title ?? "",
        parentId: idKey(parentId),
        icon: item?.icon ?? "",
        cover: item?.cover ?? "",
        description: item?.description ?? "",
        showDescription: item?.showDescription ?? false,
        enable: item?.enable ?? true,
        sort: item?.sort ?? 0,
      }}
    >
      <NameField />
      <Form.Item name="parentId" label={t("adm.cat.parent")}>
        <TreeSelect
          treeDefaultExpandAll
          treeData={[{ value: "0", title: t("adm.cat.topLevel") }, ...toOptions(categoryTree(categories), skip)]}
        />
      </Form.Item>
      <Form.Item name="icon" label={t("adm.cat.icon")} extra={t("adm.cat.iconHelp")} rules={[urlRule]}>
        <Input placeholder="https://example.com/icon.png" />
      </Form.Item>
      <Form.Item name="cover" label={t("adm.cat.cover")} extra={t("adm.cat.coverHelp")} rules={[urlRule]}>
        <Input placeholder="https://example.com/cover.jpg" />
      </Form.Item>
      {/* only this site's images are shown (the CSP loads no other site's): a URL is stored here on saving */}
      {typeof cover === "string" && cover.trim().startsWith("/") && isImageUrl(cover.trim()) && (
        <img
          src={cover.trim()}
          alt={t("adm.cat.cover")}
          style={{ display: "block", maxWidth: "100%", maxHeight: 120, marginBottom: 16, borderRadius: 6 }}
        />
      )}
      <DescriptionField maxLength={500} />
      <SwitchField name="showDescription" label="adm.cat.showDescription" help="adm.cat.showDescriptionHelp" />
      <SortField help="adm.cat.sortHelp" />
      <SwitchField />
    </AdminFormDrawer>
  );
}
