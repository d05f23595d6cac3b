import { type Category, CategoryAPI } from "@wenku/proto/api/v1/category_pb.js";
import type { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { App, Form, Input, InputNumber, Switch, TreeSelect } from "antd";
import { useState } from "react";
import { useClient } from "../../../api/client.js";
import { toApiError } from "../../../api/errors.js";
import { FormDrawer } from "../../../components/common/FormDrawer.js";
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

export type CategoryEdit = { item: Category } | { parentId: bigint };

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
  edit,
  categories,
  onClose,
  onSaved,
}: {
  type: CategoryType;
  edit: CategoryEdit | null;
  /** Every category of this type, for the parent picker. */
  categories: readonly Category[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const client = useClient(CategoryAPI);
  const { message } = App.useApp();
  const [form] = Form.useForm<CategoryValues>();
  const [saving, setSaving] = useState(false);
  const item = edit && "item" in edit ? edit.item : null;
  const parentId = item ? item.parentId : edit && "parentId" in edit ? edit.parentId : 0n;
  // A category cannot move under itself or one of its descendants.
  const skip = new Set(item ? descendantIds(categories, item.id) : []);
  const cover = Form.useWatch("cover", form);

  const submit = async (values: CategoryValues) => {
    setSaving(true);
    const init = {
      type,
      title: values.title.trim(),
      parentId: BigInt(values.parentId || "0"),
      icon: values.icon.trim(),
      cover: values.cover.trim(),
      description: values.description.trim(),
      showDescription: values.showDescription,
      enable: values.enable,
      sort: values.sort ?? 0,
    };
    try {
      if (item) await client.updateCategory({ ...init, id: item.id });
      else await client.createCategory(init);
      void message.success(t(item ? "adm.common.saved" : "adm.common.created"));
      onSaved();
    } catch (cause) {
      void message.error(toApiError(cause, t("adm.common.saveFailed")).message);
    } finally {
      setSaving(false);
    }
  };

  const urlRule = {
    validator: (_: unknown, value: string | undefined) =>
      isImageUrl((value ?? "").trim()) ? Promise.resolve() : Promise.reject(new Error(t("adm.cat.urlInvalid"))),
  };

  return (
    <FormDrawer
      title={t(item ? "adm.cat.edit" : parentId !== 0n ? "adm.cat.addChild" : "adm.cat.add")}
      open={edit !== null}
      saving={saving}
      onClose={onClose}
      onSave={() => form.submit()}
      testId="category-form"
    >
      <Form<CategoryValues>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={submit}
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
        <Form.Item
          name="title"
          label={t("adm.common.title")}
          rules={[{ required: true, whitespace: true, message: t("adm.common.titleRequired") }]}
        >
          <Input maxLength={64} />
        </Form.Item>
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
        {typeof cover === "string" && cover.trim() !== "" && isImageUrl(cover.trim()) && (
          <img
            src={cover.trim()}
            alt={t("adm.cat.cover")}
            style={{ display: "block", maxWidth: "100%", maxHeight: 120, marginBottom: 16, borderRadius: 6 }}
          />
        )}
        <Form.Item name="description" label={t("adm.common.description")}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Form.Item
          name="showDescription"
          label={t("adm.cat.showDescription")}
          extra={t("adm.cat.showDescriptionHelp")}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item name="sort" label={t("adm.common.sort")} extra={t("adm.cat.sortHelp")}>
          <InputNumber min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="enable" label={t("adm.common.enable")} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
