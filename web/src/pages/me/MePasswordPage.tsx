import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Alert, App, Button, Form, Input } from "antd";
import { useState } from "react";
import { useClient } from "../../api/client.js";
import { toApiError } from "../../api/errors.js";
import { rules } from "../../components/account/formRules.js";
import { MeFrame, useMeUser } from "../../components/account/MeFrame.js";
import { useI18n } from "../../i18n/I18nProvider.js";

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  repeatPassword: string;
}

function PasswordForm() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const users = useClient(UserAPI);
  const { user } = useMeUser();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState("");
  const r = rules(t);

  const onFinish = async (values: PasswordValues) => {
    setSaving(true);
    setError("");
    try {
      // Spec §7: the payload is id, old_password, new_password.
      await users.updateUserPassword({ id: user.id, oldPassword: values.oldPassword, newPassword: values.newPassword });
      form.resetFields();
      void message.success(t("password.success"));
    } catch (cause) {
      // Spec §8: password-change failures show the server's message.
      const text = toApiError(cause, t("error.updateFailed")).message;
      setError(text);
      void message.error(text);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 480 }}
      onFinish={onFinish}
      data-testid="password-form"
    >
      <Form.Item label={t("profile.username")}>
        <Input value={user.username} disabled autoComplete="username" />
      </Form.Item>
      <Form.Item
        name="oldPassword"
        label={t("password.old")}
        rules={[{ required: true, message: t("validate.oldPasswordRequired") }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t("password.new")} rules={r.newPassword(t("validate.newPasswordRequired"))}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repeatPassword"
        label={t("password.repeat")}
        dependencies={["newPassword"]}
        rules={r.sameAs("newPassword", t("validate.repeatPasswordRequired"), t("validate.newPasswordMismatch"))}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />}
      <Button type="primary" htmlType="submit" loading={saving}>
        {t("password.submit")}
      </Button>
    </Form>
  );
}

/** /me/password: username (read-only), old password, new password, repeat. */
export default function MePasswordPage() {
  return (
    <MeFrame title="page.me.password">
      <PasswordForm />
    </MeFrame>
  );
}
