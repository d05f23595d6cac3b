import { UploadOutlined, UserOutlined } from "@ant-design/icons";
import { App, Avatar, Button, Space, Upload } from "antd";
import { useState } from "react";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSession, useSessionStore } from "../../store/SessionProvider.js";
import { AVATAR_MAX_BYTES, UploadError, uploadAvatar } from "../document/uploadFile.js";

const ACCEPT = "image/jpeg,image/png,image/gif,image/webp";

/**
 * The signed-in user's avatar with a "change" button: the picked image is uploaded to this site
 * (POST /api/v1/upload/avatar), which checks it and makes it the avatar. Outside image URLs are not
 * accepted (they would tell a third party who looks at the page).
 */
export function AvatarUpload({ avatar, onChanged }: { avatar: string; onChanged: () => Promise<unknown> }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const session = useSession();
  const sessions = useSessionStore();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    if (!ACCEPT.split(",").includes(file.type)) {
      void message.error(t("avatar.type"));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      void message.error(t("avatar.tooLarge"));
      return;
    }
    setBusy(true);
    try {
      await uploadAvatar(file, file.name, session.token);
      void message.success(t("avatar.success"));
      await onChanged();
    } catch (cause) {
      // a dead session ends here too (the upload does not go through the API transport)
      if (cause instanceof UploadError && cause.status === 401) sessions.expire(session.token);
      const server = cause instanceof UploadError ? cause.message : "";
      void message.error(server || t("avatar.failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space align="center" size="large" style={{ marginBottom: 24 }} wrap>
      <Avatar size={80} src={avatar || undefined} icon={<UserOutlined />} data-testid="profile-avatar" />
      <Upload
        accept={ACCEPT}
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false; // uploaded by upload() above, not by antd's own request
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid="avatar-upload">
          {t("avatar.change")}
        </Button>
      </Upload>
      <span style={{ color: "rgba(0,0,0,0.45)" }}>{t("avatar.hint")}</span>
    </Space>
  );
}
