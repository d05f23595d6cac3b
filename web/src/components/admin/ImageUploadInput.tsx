import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { App, Button, Flex, Image, Typography, Upload } from "antd";
import { useI18n } from "../../i18n/I18nProvider.js";
import { IMAGE_ACCEPT, useImageUpload } from "../common/useImageUpload.js";

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
  const { upload, busy } = useImageUpload(uploadUrl, t("adm.cfg.image.failed"));
  const pick = async (file: File) => {
    const path = await upload(file);
    if (path === undefined) return;
    onChange?.(path);
    void message.success(t("adm.cfg.image.uploaded"));
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
          accept={IMAGE_ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            void pick(file);
            return false; // sent by pick() above, not by antd's own request
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
