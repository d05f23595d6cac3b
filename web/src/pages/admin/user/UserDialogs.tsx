import { type User, UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { App, Form, Input, Modal, Typography } from "antd";
import { useState } from "react";
import { useClient } from "../../../api/client.js";
import { toApiError } from "../../../api/errors.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

/** Staff set another user's password (no old password needed with the permission). */
export function ResetPasswordModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useI18n();
  const client = useClient(UserAPI);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async ({ password }: { password: string }) => {
    if (!user) return;
    setSaving(true);
    try {
      await client.updateUserPassword({ id: user.id, newPassword: password });
      void message.success(t("adm.user.passwordReset"));
      onClose();
    } catch (cause) {
      void message.error(toApiError(cause, t("error.updateFailed")).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={`${t("adm.user.resetPassword")} · ${user?.username ?? ""}`}
      open={user !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
      okText={t("adm.common.save")}
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={submit}>
        <Form.Item
          name="password"
          label={t("adm.password.new")}
          rules={[{ required: true, message: t("validate.newPasswordRequired") }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Deleting users re-checks the caller's own password (UserAPI.DeleteUser). */
export function DeleteUsersModal({
  users,
  onClose,
  onDeleted,
}: {
  users: readonly User[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useI18n();
  const client = useClient(UserAPI);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async ({ password }: { password: string }) => {
    setSaving(true);
    try {
      await client.deleteUser({ id: users.map((u) => u.id), password });
      void message.success(t("adm.common.deleted"));
      onDeleted();
    } catch (cause) {
      void message.error(toApiError(cause, t("adm.common.deleteFailed")).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t("adm.user.deleteTitle")}
      open={users.length > 0}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ danger: true }}
      okText={t("adm.common.delete")}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t("adm.user.deleteHint", { names: users.map((u) => u.username).join("、") })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false} onFinish={submit}>
        <Form.Item
          name="password"
          label={t("adm.user.yourPassword")}
          rules={[{ required: true, message: t("adm.user.passwordRequired") }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
