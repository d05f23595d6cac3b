import type { Group } from "@wenku/proto/api/v1/group_pb.js";
import { type User, UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Form, Input, Select } from "antd";
import { rules } from "../../../components/account/formRules.js";
import { AdminFormDrawer } from "../../../components/admin/AdminFormDrawer.js";
import { useDrawerForm } from "../../../components/admin/list/useDrawerForm.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

interface UserValues {
  username: string;
  password: string;
  email: string;
  mobile: string;
  groupId: string[];
}

/** Add (user = null) or edit an account: username, password, e-mail, mobile and groups. */
export function UserFormDrawer({
  open,
  user,
  groups,
  onClose,
  onSaved,
}: {
  open: boolean;
  user: User | null;
  groups: readonly Group[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const drawer = useDrawerForm(UserAPI.method.addUser, UserAPI.method.setUser, {
    item: user,
    open,
    onClose,
    onSaved,
    toInit: (values: UserValues) => ({
      username: values.username.trim(),
      password: values.password ?? "",
      email: values.email ?? "",
      mobile: values.mobile ?? "",
      groupId: (values.groupId ?? []).map((id) => BigInt(id)),
    }),
  });
  const defaultGroups = groups.filter((g) => g.isDefault).map((g) => String(g.id));

  return (
    <AdminFormDrawer<UserValues>
      {...drawer}
      title={t(user ? "adm.user.edit" : "adm.user.add")}
      testId="user-form"
      initialValues={{
        username: user?.username ?? "",
        password: "",
        email: user?.email ?? "",
        mobile: user?.mobile ?? "",
        groupId: user ? user.groupId.map(String) : defaultGroups,
      }}
    >
      <Form.Item
        name="username"
        label={t("adm.user.username")}
        rules={[{ required: true, whitespace: true, message: t("adm.user.usernameRequired") }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t("adm.user.password")}
        rules={user ? [] : [{ required: true, message: t("adm.user.passwordRequired") }]}
        {...(user ? { extra: t("adm.user.passwordKeep") } : {})}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="groupId" label={t("adm.user.groups")}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={groups.map((g) => ({ value: String(g.id), label: g.title }))}
          data-testid="user-groups"
        />
      </Form.Item>
      <Form.Item name="email" label={t("adm.user.email")} rules={rules(t).email}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="mobile" label={t("adm.user.mobile")} rules={rules(t).mobile}>
        <Input autoComplete="off" />
      </Form.Item>
    </AdminFormDrawer>
  );
}
