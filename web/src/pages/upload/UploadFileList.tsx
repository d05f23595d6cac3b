import { Flex, Typography } from "antd";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSiteName } from "../../settings/useSiteName.js";
import { UploadFileRow } from "./UploadFileRow.js";
import type { UploadOptions } from "./useUploadOptions.js";
import { type FileSettings, settingsOf, type useUploadQueue } from "./useUploadQueue.js";

/**
 * The queued files, one row each (title, price, category and language to edit, progress, errors);
 * nothing while empty. `batch` is what a file without its own settings gets.
 */
export function UploadFileList({
  queue,
  batch,
  options,
  disabled,
}: {
  queue: ReturnType<typeof useUploadQueue>;
  batch: FileSettings;
  options: UploadOptions;
  disabled: boolean;
}) {
  const { t } = useI18n();
  const { creditName } = useSiteName();
  if (queue.items.length === 0) return null;
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {t("upload.files", { count: queue.items.length })}
      </Typography.Title>
      <Flex vertical gap={8} component="ul" style={{ margin: 0, padding: 0 }} data-testid="upload-list">
        {queue.items.map((item) => (
          <UploadFileRow
            key={item.uid}
            item={item}
            creditName={creditName}
            settings={settingsOf(item, batch)}
            options={options}
            disabled={disabled}
            // An edited file is judged again on the next submission.
            onChange={(change) => queue.patch(item.uid, { ...change, submitError: "" })}
            onRemove={() => queue.remove(item.uid)}
            onRetry={() => queue.retry(item.uid)}
          />
        ))}
      </Flex>
    </>
  );
}
