import { useMutation } from "@connectrpc/connect-query";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Form, Input } from "antd";
import { parseUserId } from "../../hooks/useUser.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSession } from "../../store/SessionProvider.js";
import { FormSubmit } from "./FormSubmit.js";
import { rules } from "./formRules.js";
import { useFormSave } from "./useFormSave.js";

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
  const session = useSession();
  const [form] = Form.useForm<PasswordValues>();
  const update = useMutation(UserAPI.method.updateUserPassword);
  const r = rules(t);
  const { error, onFinish } = useFormSave<PasswordValues>(
    async (values) => {
      // Spec §7: the payload is id, old_password, new_password.
      await update.mutateAsync({
        id: parseUserId(session.user?.id) ?? 0n,
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
      });
      form.resetFields();
    },
    t("password.success"),
    onSaved,
  );

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
      <FormSubmit error={error} loading={update.isPending}>
        {t("password.submit")}
      </FormSubmit>
    </Form>
  );
}
