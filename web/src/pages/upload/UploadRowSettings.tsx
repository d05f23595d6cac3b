import { Cascader, Flex, Select } from "antd";
import { useI18n } from "../../i18n/I18nProvider.js";
import type { UploadOptions } from "./useUploadOptions.js";
import type { FileSettings } from "./useUploadQueue.js";

/**
 * One file's category and language, showing the batch-wide choice until the file gets its own. Each
 * control takes a whole line on a phone (flex-basis) and shares one on wider screens.
 */
export function UploadRowSettings({
  name,
  value,
  options,
  missingCategory,
  disabled,
  onChange,
}: {
  /** The file's name, for the controls' accessible names. */
  name: string;
  value: FileSettings;
  options: UploadOptions;
  missingCategory: boolean;
  disabled?: boolean;
  onChange: (change: Partial<FileSettings>) => void;
}) {
  const { t } = useI18n();
  return (
    <Flex gap={8} wrap style={{ marginTop: 8 }}>
      <Cascader
        aria-label={`${t("upload.rowCategory")} ${name}`}
        options={options.categories}
        changeOnSelect
        allowClear={false}
        loading={options.categoriesLoading}
        value={value.category.length ? value.category : undefined}
        placeholder={t("upload.categoryRequired")}
        status={missingCategory ? "error" : undefined}
        onChange={(path) => onChange({ category: (path ?? []).map(String) })}
        disabled={disabled}
        style={{ flex: "1 1 240px", minWidth: 0 }}
        data-testid="upload-row-category"
      />
      {options.languages.length > 0 && (
        <Select
          aria-label={`${t("upload.rowLanguage")} ${name}`}
          allowClear
          options={options.languages}
          value={value.languageId || undefined}
          placeholder={t("upload.languageAuto")}
          onChange={(id?: string) => onChange({ languageId: id ?? "" })}
          disabled={disabled}
          style={{ flex: "0 1 200px", minWidth: 140 }}
          data-testid="upload-row-language"
        />
      )}
    </Flex>
  );
}
