import { type Friendlink, FriendlinkAPI } from "@wenku/proto/api/v1/friendlink_pb.js";
import { Form, Input } from "antd";
import { AdminFormDrawer } from "../../../components/admin/AdminFormDrawer.js";
import { DescriptionField, NameField, SortField, SwitchField } from "../../../components/admin/formFields.js";
import { isHttpUrl, linkRule } from "../../../components/admin/linkRules.js";
import { useDrawerForm } from "../../../components/admin/list/useDrawerForm.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

interface FriendlinkValues {
  title: string;
  link: string;
  sort: number | null;
  enable: boolean;
  description: string;
}

/** Create (`edit` = "new") or edit a friend link. */
export function FriendlinkFormDrawer({
  edit,
  onClose,
  onSaved,
}: {
  edit: Friendlink | "new" | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const item = edit !== null && edit !== "new" ? edit : null;
  const drawer = useDrawerForm(FriendlinkAPI.method.createFriendlink, FriendlinkAPI.method.updateFriendlink, {
    item,
    open: edit !== null,
    onClose,
    onSaved,
    toInit: (values: FriendlinkValues) => ({
      title: values.title.trim(),
      link: values.link.trim(),
      sort: values.sort ?? 0,
      enable: values.enable,
      description: values.description ?? "",
    }),
  });

  return (
    <AdminFormDrawer<FriendlinkValues>
      {...drawer}
      title={t(item ? "adm.link.edit" : "adm.link.add")}
      testId="friendlink-form"
      initialValues={{
        title: item?.title ?? "",
        link: item?.link ?? "",
        sort: item?.sort ?? 0,
        enable: item?.enable ?? true,
        description: item?.description ?? "",
      }}
    >
      <NameField />
      <Form.Item
        name="link"
        label={t("adm.link.link")}
        extra={t("adm.link.linkHelp")}
        rules={[
          { required: true, whitespace: true, message: t("adm.link.linkRequired") },
          linkRule(t("adm.show.linkHttp"), isHttpUrl),
        ]}
      >
        <Input maxLength={1024} placeholder="https://example.com" />
      </Form.Item>
      <SortField help="adm.show.sortHelp" />
      <SwitchField />
      <DescriptionField rows={2} />
    </AdminFormDrawer>
  );
}
