import { UploadOutlined, UserOutlined } from "@ant-design/icons";
import { App, Avatar, Button, Space, Upload } from "antd";
import { useI18n } from "../../i18n/I18nProvider.js";
import { IMAGE_ACCEPT, useImageUpload } from "../common/useImageUpload.js";
import { UPLOAD_AVATAR_URL } from "../document/uploadFile.js";

/**
 * The signed-in user's avatar with a "change" button: the picked image is uploaded to this site
 * (POST /api/v1/upload/avatar), which checks it and makes it the avatar. Outside image URLs are not
 * accepted (they would tell a third party who looks at the page).
 */
export function AvatarUpload({ avatar, onChanged }: { avatar: string; onChanged: () => Promise<unknown> }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const { upload: send, busy } = useImageUpload(UPLOAD_AVATAR_URL, t("avatar.failed"));
  const upload = async (file: File) => {
    if ((await send(file)) === undefined) return;
    void message.success(t("avatar.success"));
    await onChanged();
  };

  return (
    <Space align="center" size="large" style={{ marginBottom: 24 }} wrap>
      <Avatar size={80} src={avatar || undefined} icon={<UserOutlined />} data-testid="profile-avatar" />
      <Upload
        accept={IMAGE_ACCEPT}
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
