import { InboxOutlined } from "@ant-design/icons";
import { Alert, Upload } from "antd";
import { useI18n } from "../../i18n/I18nProvider.js";
import type { UploadRules } from "./uploadRules.js";

/**
 * Where files are chosen or dropped, saying which types and sizes are taken; a warning first when
 * the server cannot convert office files. `onAdd` gets each selection once, whole.
 */
export function UploadDropZone({
  rules,
  disabled,
  onAdd,
}: {
  rules: UploadRules;
  disabled: boolean;
  onAdd: (files: File[]) => void;
}) {
  const { t } = useI18n();
  const exts = (list: readonly string[]) => list.map((ext) => ext.slice(1)).join(" ");
  return (
    <>
      {rules.unconvertible.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="upload-no-office"
          title={t("upload.noOfficeConverter", { exts: exts(rules.unconvertible) })}
          style={{ marginBottom: 12 }}
        />
      )}
      <Upload.Dragger
        multiple
        accept={rules.allowed.join(",")}
        fileList={[]}
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file, list) => {
          // Called once per file of a selection: take the whole selection on its first file.
          if (file.uid === list[0]?.uid) onAdd(list);
          return false;
        }}
        data-testid="upload-dragger"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t("upload.drag")}</p>
        <p className="ant-upload-hint" style={{ padding: "0 12px" }}>
          {t("upload.dragHint")}
          <br />
          {t("upload.limits", { exts: exts(rules.allowed), size: rules.maxMb })}
        </p>
      </Upload.Dragger>
    </>
  );
}
