import { useMutation } from "@connectrpc/connect-query";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Alert, App, Button, Form, Input } from "antd";
import { useState } from "react";
import { toApiError } from "../../api/errors.js";
import { parseUserId } from "../../hooks/useUser.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSession } from "../../store/SessionProvider.js";
import { rules } from "./formRules.js";

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  repeatPassword: string;
}

/**
 * Change one's own password (spec §2: username read-only, old, new, repeat; spec §5 rules), in the
 * personal centre and the admin's drawer alike. Failures show the server's message (spec §8).
 */
export function PasswordForm({ onSaved }: { onSaved?: () => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const session = useSession();
  const [form] = Form.useForm<PasswordValues>();
  const [error, setError] = useState("");
  const update = useMutation(UserAPI.method.updateUserPassword);
  const r = rules(t);

  const onFinish = async (values: PasswordValues) => {
    setError("");
    try {
      // Spec §7: the payload is id, old_password, new_password.
      await update.mutateAsync({
        id: parseUserId(session.user?.id) ?? 0n,
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
      });
      form.resetFields();
      void message.success(t("password.success"));
      onSaved?.();
    } catch (cause) {
      const text = toApiError(cause, t("error.updateFailed")).message;
      setError(text);
      void message.error(text);
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
      <Form.Item label={t("profile.username")} htmlFor="password-username">
        <Input id="password-username" value={session.user?.username ?? ""} disabled autoComplete="username" />
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
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t("password.submit")}
      </Button>
    </Form>
  );
}
