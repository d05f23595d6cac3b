import type { Category } from "@wenku/proto/api/v1/category_pb.js";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { Alert, Button, Cascader, Form, Select, Typography } from "antd";
import { useMemo } from "react";
import type { ApiError } from "../../api/errors.js";
import { usePublicCategories } from "../../hooks/usePublicCategories.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSettings } from "../../settings/SettingsProvider.js";
import { type CategoryRow, categoryTree } from "../category/categoryTree.js";
import type { SharedSettings } from "./useCreateDocuments.js";

interface CascaderOption {
  value: string;
  label: string;
  children?: CascaderOption[];
}

const toOptions = (rows: CategoryRow<Category>[]): CascaderOption[] =>
  rows.map((row) => ({
    value: String(row.item.id),
    label: row.item.title,
    ...(row.children ? { children: toOptions(row.children) } : {}),
  }));

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
 * The settings all files share (an enabled document category, required; the language, when the site
 * has languages), the submission's failure and the submit button, enabled once every file is
 * uploaded and titled.
 */
export function SharedSettingsForm({
  state,
  submitting,
  error,
  onSubmit,
}: {
  state: UploadState;
  submitting: boolean;
  error: ApiError | null;
  onSubmit: (values: SharedSettings) => void;
}) {
  const { t } = useI18n();
  const { settings } = useSettings();
  const [form] = Form.useForm<SharedSettings>();
  const categories = usePublicCategories(CategoryType.DOCUMENT, t("upload.categoriesFailed"));
  const options = useMemo(() => toOptions(categoryTree(categories.categories ?? [])), [categories.categories]);
  const { ready, pending, queued, missingTitle } = state;
  const hint = pending ? "upload.waitUploads" : queued && ready === 0 ? "upload.needFiles" : null;

  return (
    <Form form={form} layout="vertical" onFinish={onSubmit} style={{ marginTop: 20 }} requiredMark>
      <Form.Item
        name="category"
        label={t("upload.category")}
        rules={[{ required: true, message: t("upload.categoryRequired") }]}
        {...(categories.error
          ? { validateStatus: "error" as const, help: `${t("upload.categoriesFailed")}: ${categories.error.message}` }
          : {})}
      >
        <Cascader
          options={options}
          changeOnSelect
          loading={categories.loading}
          placeholder={t("upload.categoryRequired")}
          data-testid="upload-category"
        />
      </Form.Item>
      {settings.language.length > 0 && (
        <Form.Item name="languageId" label={t("upload.language")}>
          <Select
            allowClear
            placeholder={t("upload.languagePlaceholder")}
            options={settings.language.map((l) => ({ value: l.id, label: l.language }))}
          />
        </Form.Item>
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          data-testid="upload-submit-error"
          title={t("upload.submitFailed")}
          description={error.message}
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
