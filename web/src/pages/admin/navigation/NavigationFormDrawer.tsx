import { type Navigation, NavigationAPI } from "@wenku/proto/api/v1/navigation_pb.js";
import { ColorPicker, Form, Input, Select } from "antd";
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

interface NavigationValues {
  title: string;
  href: string;
  target: string;
  color: string | { toHexString(): string } | null;
  sort: number | null;
  enable: boolean;
  parentId: string;
  description: string;
}

export type NavigationEdit = TreeEdit<Navigation>;

const hex = (color: NavigationValues["color"]) => (typeof color === "string" ? color : (color?.toHexString() ?? ""));

/** Create (with a parent, 0n for top level) or edit a navigation item. */
export function NavigationFormDrawer({
  parents,
  ...props
}: TreeDrawerProps<Navigation> & {
  /** Items that may hold children (top-level ones). */
  parents: readonly Navigation[];
}) {
  const { t } = useI18n();
  const { drawer, item, parentId } = useTreeDrawerForm(
    NavigationAPI.method.createNavigation,
    NavigationAPI.method.updateNavigation,
    props,
    ["adm.nav.edit", "adm.nav.addChild", "adm.nav.add"],
    (values: NavigationValues) => ({
      title: values.title.trim(),
      href: values.href.trim(),
      target: values.target,
      color: hex(values.color),
      sort: values.sort ?? 0,
      enable: values.enable,
      parentId: BigInt(values.parentId),
      description: values.description ?? "",
    }),
  );

  return (
    <AdminFormDrawer<NavigationValues>
      {...drawer}
      testId="navigation-form"
      initialValues={{
        title: item?.title ?? "",
        href: item?.href ?? "",
        target: item?.target || "_self",
        color: item?.color || null,
        sort: item?.sort ?? 0,
        enable: item?.enable ?? true,
        parentId: idKey(parentId),
        description: item?.description ?? "",
      }}
    >
      <NameField />
      <Form.Item name="href" label={t("adm.nav.href")} extra={t("adm.nav.hrefHelp")}>
        <Input placeholder="/category/1 · https://example.com" />
      </Form.Item>
      <Form.Item name="parentId" label={t("adm.nav.parent")}>
        <Select
          options={[
            { value: "0", label: t("adm.nav.topLevel") },
            ...parents.filter((p) => p.id !== item?.id).map((p) => ({ value: idKey(p.id), label: p.title })),
          ]}
        />
      </Form.Item>
      <Form.Item name="target" label={t("adm.nav.target")}>
        <Select
          options={[
            { value: "_self", label: t("adm.nav.targetSelf") },
            { value: "_blank", label: t("adm.nav.targetBlank") },
          ]}
        />
      </Form.Item>
      <Form.Item name="color" label={t("adm.common.color")}>
        <ColorPicker allowClear showText format="hex" />
      </Form.Item>
      <SortField />
      <SwitchField />
      <DescriptionField rows={2} />
    </AdminFormDrawer>
  );
}
