import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { App, Button, Flex, Image, Typography, Upload } from "antd";
import { useState } from "react";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSession, useSessionStore } from "../../store/SessionProvider.js";
import { IMAGE_MAX_BYTES, UploadError, uploadImage } from "../document/uploadFile.js";

const ACCEPT = "image/jpeg,image/png,image/gif,image/webp";

/**
 * A form control holding an image's path: a preview, an upload button (the image goes to `uploadUrl`,
 * one of the server's image routes, which checks it and answers its /uploads/<md5><ext> path) and a
 * remove button. The value changes only in the form: saving the form makes it stick.
 */
export function ImageUploadInput({
  value,
  onChange,
  uploadUrl,
  testId,
}: {
  value?: string;
  onChange?: (path: string) => void;
  uploadUrl: string;
  testId?: string;
}) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const session = useSession();
  const sessions = useSessionStore();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    if (!ACCEPT.split(",").includes(file.type)) return void message.error(t("avatar.type"));
    if (file.size > IMAGE_MAX_BYTES) return void message.error(t("avatar.tooLarge"));
    setBusy(true);
    try {
      onChange?.(await uploadImage(uploadUrl, file, file.name, session.token));
      void message.success(t("adm.cfg.image.uploaded"));
    } catch (cause) {
      // a dead session ends here too (the upload does not go through the API transport)
      if (cause instanceof UploadError && cause.status === 401) sessions.expire(session.token);
      const server = cause instanceof UploadError ? cause.message : "";
      void message.error(server || t("adm.cfg.image.failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex gap={12} align="center" wrap data-testid={testId}>
      {value ? (
        <Image
          src={value}
          alt=""
          height={64}
          style={{ maxWidth: 200, objectFit: "contain", background: "#f5f5f5" }}
          data-testid={testId && `${testId}-preview`}
        />
      ) : (
        <Typography.Text type="secondary">{t("adm.cfg.image.none")}</Typography.Text>
      )}
      <Flex gap={8} wrap>
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false; // sent by upload() above, not by antd's own request
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {t(value ? "adm.cfg.image.replace" : "adm.cfg.image.upload")}
          </Button>
        </Upload>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.("")}>
            {t("adm.cfg.image.remove")}
          </Button>
        )}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t("adm.cfg.image.hint")}
      </Typography.Text>
    </Flex>
  );
}
