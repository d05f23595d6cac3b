import { Alert, Button, Cascader, Form, Select, Typography } from "antd";
import { useI18n } from "../../i18n/I18nProvider.js";
import type { UploadOptions } from "./useUploadOptions.js";
import type { FileSettings } from "./useUploadQueue.js";

/** Where the upload stands, as the form's submit needs it. */
export interface UploadState {
  /** Files uploaded and ready to become documents. */
  ready: number;
  /** Files still hashing or uploading. */
  pending: boolean;
  /** Any file at all in the queue. */
  queued: boolean;
  /** A ready file whose title was cleared. */
  missingTitle: boolean;
}

/**
 * The batch-wide defaults (an enabled document category; the language, when the site has
 * languages, empty for detection), which every file without its own choice takes; what an earlier
 * submission of the batch created, and the submit button, enabled once every file is uploaded and titled.
 */
export function SharedSettingsForm({
  value,
  options,
  state,
  submitting,
  created,
  onChange,
  onSubmit,
}: {
  value: FileSettings;
  options: UploadOptions;
  state: UploadState;
  submitting: boolean;
  /** Documents of this batch created by an earlier submission that did not take every file. */
  created: number;
  onChange: (value: FileSettings) => void;
  onSubmit: () => void;
}) {
  const { t } = useI18n();
  const { ready, pending, queued, missingTitle } = state;
  const hint = pending ? "upload.waitUploads" : queued && ready === 0 ? "upload.needFiles" : null;

  return (
    <Form layout="vertical" onFinish={onSubmit} style={{ marginTop: 20 }} data-testid="upload-batch">
      <Typography.Text type="secondary" style={{ display: "block", marginBottom: 8 }}>
        {t("upload.batchDefaults")}
      </Typography.Text>
      <Form.Item
        label={t("upload.category")}
        {...(options.categoriesError
          ? {
              validateStatus: "error" as const,
              help: `${t("upload.categoriesFailed")}: ${options.categoriesError.message}`,
            }
          : {})}
      >
        <Cascader
          options={options.categories}
          changeOnSelect
          loading={options.categoriesLoading}
          value={value.category.length ? value.category : undefined}
          placeholder={t("upload.categoryRequired")}
          onChange={(path) => onChange({ ...value, category: (path ?? []).map(String) })}
          data-testid="upload-category"
        />
      </Form.Item>
      {options.languages.length > 0 && (
        <Form.Item label={t("upload.language")} extra={t("upload.languageHint")}>
          <Select
            allowClear
            placeholder={t("upload.languageAuto")}
            options={options.languages}
            value={value.languageId || undefined}
            onChange={(id?: string) => onChange({ ...value, languageId: id ?? "" })}
            data-testid="upload-language"
          />
        </Form.Item>
      )}
      {created > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="upload-partly-created"
          title={t("upload.partlyCreated", { count: created })}
          style={{ marginBottom: 12 }}
        />
      )}
      {hint && (
        <Typography.Text type="secondary" style={{ display: "block", marginBottom: 8 }}>
          {t(hint)}
        </Typography.Text>
      )}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={submitting}
        disabled={ready === 0 || pending || missingTitle}
        data-testid="upload-submit"
      >
        {t("upload.submit", { count: ready })}
      </Button>
    </Form>
  );
}
