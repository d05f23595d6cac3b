import { type User, UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Form, Input, Modal, Typography } from "antd";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

/** Staff set another user's password (no old password needed with the permission). */
export function ResetPasswordModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<{ password: string }>();
  const reset = useAdminMutation(UserAPI.method.updateUserPassword, {
    success: t("adm.user.passwordReset"),
    failure: t("error.updateFailed"),
    onSuccess: onClose,
  });
  const submit = ({ password }: { password: string }) => {
    if (user) void reset.run({ id: user.id, newPassword: password });
  };

  return (
    <Modal
      title={`${t("adm.user.resetPassword")} · ${user?.username ?? ""}`}
      open={user !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={reset.pending}
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
  const [form] = Form.useForm<{ password: string }>();
  const remove = useAdminMutation(UserAPI.method.deleteUser, {
    success: t("adm.common.deleted"),
    failure: t("adm.common.deleteFailed"),
    onSuccess: onDeleted,
  });
  const submit = ({ password }: { password: string }) => void remove.run({ id: users.map((u) => u.id), password });

  return (
    <Modal
      title={t("adm.user.deleteTitle")}
      open={users.length > 0}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ danger: true }}
      okText={t("adm.common.delete")}
      confirmLoading={remove.pending}
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
