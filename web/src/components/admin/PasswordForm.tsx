import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { App, Button, Form, Input } from "antd";
import { useState } from "react";
import { useClient } from "../../api/client.js";
import { toApiError } from "../../api/errors.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { rules } from "../account/formRules.js";

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  repeatPassword: string;
}

/** Change one's own password (spec §5 rules and messages); failures show the server message. */
export function PasswordForm({ onSaved }: { onSaved?: () => void }) {
  const { t } = useI18n();
  const client = useClient(UserAPI);
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const submit = async (values: PasswordValues) => {
    setSaving(true);
    try {
      await client.updateUserPassword({ oldPassword: values.oldPassword, newPassword: values.newPassword });
      void message.success(t("adm.password.changed"));
      onSaved?.();
    } catch (cause) {
      void message.error(toApiError(cause, t("error.updateFailed")).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<PasswordValues> layout="vertical" onFinish={submit} data-testid="password-form">
      <Form.Item
        name="oldPassword"
        label={t("adm.password.old")}
        rules={[{ required: true, message: t("validate.oldPasswordRequired") }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t("adm.password.new")}
        rules={rules(t).newPassword(t("validate.newPasswordRequired"))}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repeatPassword"
        label={t("adm.password.repeat")}
        dependencies={["newPassword"]}
        rules={rules(t).sameAs("newPassword", t("validate.repeatPasswordRequired"), t("validate.newPasswordMismatch"))}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} block>
        {t("adm.common.save")}
      </Button>
    </Form>
  );
}
