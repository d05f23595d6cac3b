import { type Group, GroupAPI } from "@wenku/proto/api/v1/group_pb.js";
import { Checkbox, ColorPicker, Form } from "antd";
import { AdminFormDrawer } from "../../../components/admin/AdminFormDrawer.js";
import { DescriptionField, NameField, SortField, SwitchField } from "../../../components/admin/formFields.js";
import { useDrawerForm } from "../../../components/admin/list/useDrawerForm.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import type { MessageKey } from "../../../i18n/zh-CN.js";

/** The group flags that govern what members may do, in the order the form lists them. */
export const GROUP_ABILITIES = [
  ["enableUpload", "adm.group.enableUpload"],
  ["enableDocumentReview", "adm.group.enableDocumentReview"],
  ["enableComment", "adm.group.enableComment"],
  ["enableCommentApproval", "adm.group.enableCommentApproval"],
  ["enableArticle", "adm.group.enableArticle"],
  ["enableArticleApproval", "adm.group.enableArticleApproval"],
] as const satisfies readonly (readonly [keyof Group, MessageKey])[];

type Ability = (typeof GROUP_ABILITIES)[number][0];

interface GroupValues {
  title: string;
  color: string | { toHexString(): string } | null;
  description: string;
  sort: number | null;
  isDefault: boolean;
  isDisplay: boolean;
  abilities: Ability[];
}

const hex = (color: GroupValues["color"]) => (typeof color === "string" ? color : (color?.toHexString() ?? ""));

/** Create (group = null) or edit a group: title, color, description, sort, default/display and abilities. */
export function GroupFormDrawer({
  open,
  group,
  onClose,
  onSaved,
}: {
  open: boolean;
  group: Group | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const drawer = useDrawerForm(GroupAPI.method.createGroup, GroupAPI.method.updateGroup, {
    item: group,
    open,
    onClose,
    onSaved,
    toInit: (values: GroupValues) => ({
      title: values.title.trim(),
      color: hex(values.color),
      description: values.description ?? "",
      sort: values.sort ?? 0,
      isDefault: values.isDefault,
      isDisplay: values.isDisplay,
      ...Object.fromEntries(GROUP_ABILITIES.map(([key]) => [key, values.abilities.includes(key)])),
    }),
  });

  return (
    <AdminFormDrawer<GroupValues>
      {...drawer}
      title={t(group ? "adm.group.edit" : "adm.group.add")}
      testId="group-form"
      initialValues={{
        title: group?.title ?? "",
        color: group?.color || null,
        description: group?.description ?? "",
        sort: group?.sort ?? 0,
        isDefault: group?.isDefault ?? false,
        isDisplay: group?.isDisplay ?? false,
        abilities: GROUP_ABILITIES.filter(([key]) => (group ? group[key] : key === "enableComment")).map(([k]) => k),
      }}
    >
      <NameField />
      <Form.Item name="color" label={t("adm.common.color")}>
        <ColorPicker allowClear showText format="hex" />
      </Form.Item>
      <DescriptionField />
      <SortField />
      <SwitchField name="isDefault" label="adm.group.isDefault" help="adm.group.isDefaultHelp" />
      <SwitchField name="isDisplay" label="adm.group.isDisplay" help="adm.group.isDisplayHelp" />
      <Form.Item name="abilities" label={t("adm.group.abilities")}>
        <Checkbox.Group
          style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))", gap: 8 }}
          options={GROUP_ABILITIES.map(([value, label]) => ({ value, label: t(label) }))}
        />
      </Form.Item>
    </AdminFormDrawer>
  );
}
