import { type Navigation, NavigationAPI } from "@wenku/proto/api/v1/navigation_pb.js";
import { App, ColorPicker, Form, Input, InputNumber, Select, Switch } from "antd";
import { useState } from "react";
import { useClient } from "../../../api/client.js";
import { toApiError } from "../../../api/errors.js";
import { FormDrawer } from "../../../components/common/FormDrawer.js";
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

export type NavigationEdit = { item: Navigation } | { parentId: bigint };

const hex = (color: NavigationValues["color"]) => (typeof color === "string" ? color : (color?.toHexString() ?? ""));

/** Create (with a parent, 0n for top level) or edit a navigation item. */
export function NavigationFormDrawer({
  edit,
  parents,
  onClose,
  onSaved,
}: {
  edit: NavigationEdit | null;
  /** Items that may hold children (top-level ones). */
  parents: readonly Navigation[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const client = useClient(NavigationAPI);
  const { message } = App.useApp();
  const [form] = Form.useForm<NavigationValues>();
  const [saving, setSaving] = useState(false);
  const item = edit && "item" in edit ? edit.item : null;
  const parentId = item ? item.parentId : edit && "parentId" in edit ? edit.parentId : 0n;

  const submit = async (values: NavigationValues) => {
    setSaving(true);
    const init = {
      title: values.title.trim(),
      href: values.href.trim(),
      target: values.target,
      color: hex(values.color),
      sort: values.sort ?? 0,
      enable: values.enable,
      parentId: BigInt(values.parentId),
      description: values.description ?? "",
    };
    try {
      if (item) await client.updateNavigation({ ...init, id: item.id });
      else await client.createNavigation(init);
      void message.success(t(item ? "adm.common.saved" : "adm.common.created"));
      onSaved();
    } catch (cause) {
      void message.error(toApiError(cause, t("adm.common.saveFailed")).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDrawer
      title={t(item ? "adm.nav.edit" : parentId !== 0n ? "adm.nav.addChild" : "adm.nav.add")}
      open={edit !== null}
      saving={saving}
      onClose={onClose}
      onSave={() => form.submit()}
      testId="navigation-form"
    >
      <Form<NavigationValues>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={submit}
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
        <Form.Item
          name="title"
          label={t("adm.common.title")}
          rules={[{ required: true, whitespace: true, message: t("adm.common.titleRequired") }]}
        >
          <Input maxLength={64} />
        </Form.Item>
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
        <Form.Item name="sort" label={t("adm.common.sort")} extra={t("adm.common.sortHelp")}>
          <InputNumber min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="enable" label={t("adm.common.enable")} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="description" label={t("adm.common.description")}>
          <Input.TextArea rows={2} maxLength={255} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
