import { CheckCircleFilled, DeleteOutlined, ReloadOutlined, ThunderboltFilled } from "@ant-design/icons";
import { Button, Flex, Input, InputNumber, Progress, Typography, theme } from "antd";
import { DocTypeIcon } from "../../components/document/DocTypeIcon.js";
import { formatBytes } from "../../components/document/format.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { UploadRowSettings } from "./UploadRowSettings.js";
import type { UploadOptions } from "./useUploadOptions.js";
import type { FileSettings, UploadItem } from "./useUploadQueue.js";

export interface UploadFileRowProps {
  item: UploadItem;
  creditName: string;
  /** The settings its document gets (its own or the batch's) and the choices for them. */
  settings: FileSettings;
  options: UploadOptions;
  onChange: (change: Partial<Pick<UploadItem, "title" | "price" | "category" | "languageId">>) => void;
  onRemove: () => void;
  onRetry: () => void;
  disabled?: boolean;
}

/**
 * One file of the upload list: name, size, phase with progress or error, then its title, price,
 * category and language, and why its document was not created when it was not.
 */
export function UploadFileRow({
  item,
  creditName,
  settings,
  options,
  onChange,
  onRemove,
  onRetry,
  disabled,
}: UploadFileRowProps) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const failed = item.phase === "invalid" || item.phase === "error";
  const refused = !failed && item.submitError !== "";
  const busy = item.phase === "hashing" || item.phase === "uploading";
  return (
    <li
      data-testid="upload-item"
      data-phase={item.phase}
      style={{
        listStyle: "none",
        padding: 12,
        border: `1px solid ${failed || refused ? token.colorErrorBorder : token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        background: failed ? token.colorErrorBg : token.colorBgContainer,
      }}
    >
      <Flex gap={10} align="center">
        <DocTypeIcon ext={item.file.name} size={24} />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text strong ellipsis={{ tooltip: item.file.name }} style={{ display: "block" }}>
            {item.file.name}
          </Typography.Text>
          <Flex gap={8} wrap style={{ fontSize: 12, color: token.colorTextSecondary }}>
            <span>{formatBytes(item.file.size)}</span>
            {item.phase === "hashing" && <span>{t("upload.hashing")}</span>}
            {item.phase === "uploading" && <span>{t("upload.uploading")}</span>}
            {item.phase === "done" &&
              (item.instant ? (
                <span style={{ color: token.colorSuccess }} data-testid="upload-instant">
                  <ThunderboltFilled /> {t("upload.instant")}
                </span>
              ) : (
                <span style={{ color: token.colorSuccess }}>
                  <CheckCircleFilled /> {t("upload.uploaded")}
                </span>
              ))}
          </Flex>
        </div>
        {item.phase === "error" && (
          <Button size="small" icon={<ReloadOutlined />} onClick={onRetry} disabled={disabled}>
            {t("upload.retry")}
          </Button>
        )}
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={`${t("upload.remove")} ${item.file.name}`}
          onClick={onRemove}
          disabled={disabled}
        />
      </Flex>
      {busy && <Progress percent={item.progress} size="small" status="active" style={{ margin: "6px 0 0" }} />}
      {failed && (
        <Typography.Text
          type="danger"
          role="alert"
          data-testid="upload-error"
          style={{ display: "block", marginTop: 6 }}
        >
          {item.error}
        </Typography.Text>
      )}
      {!failed && (
        <>
          <Flex gap={8} wrap style={{ marginTop: 10 }}>
            <Input
              aria-label={`${t("upload.fieldTitle")} ${item.file.name}`}
              addonBefore={t("upload.fieldTitle")}
              value={item.title}
              maxLength={255}
              status={item.title.trim() === "" ? "error" : undefined}
              onChange={(event) => onChange({ title: event.target.value })}
              disabled={disabled}
              style={{ flex: "1 1 240px", minWidth: 0 }}
            />
            <InputNumber
              aria-label={`${t("upload.fieldPrice")} ${item.file.name}`}
              addonBefore={t("upload.fieldPrice")}
              addonAfter={creditName}
              min={0}
              precision={0}
              value={item.price}
              onChange={(value) => onChange({ price: typeof value === "number" ? value : 0 })}
              disabled={disabled}
              style={{ flex: "0 1 200px" }}
            />
          </Flex>
          <UploadRowSettings
            name={item.file.name}
            value={settings}
            options={options}
            missingCategory={refused && settings.category.length === 0}
            disabled={disabled}
            onChange={onChange}
          />
        </>
      )}
      {refused && (
        <Typography.Text
          type="danger"
          role="alert"
          data-testid="upload-row-error"
          style={{ display: "block", marginTop: 6 }}
        >
          {item.submitError}
        </Typography.Text>
      )}
    </li>
  );
}
