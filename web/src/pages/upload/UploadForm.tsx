import { useQuery } from "@connectrpc/connect-query";
import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { Card, Typography } from "antd";
import { useMemo, useState } from "react";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSettings } from "../../settings/SettingsProvider.js";
import { SharedSettingsForm } from "./SharedSettingsForm.js";
import { UploadDropZone } from "./UploadDropZone.js";
import { UploadFileList } from "./UploadFileList.js";
import { UploadSuccess } from "./UploadSuccess.js";
import { uploadRules } from "./uploadRules.js";
import { useCreateDocuments } from "./useCreateDocuments.js";
import { useUploadOptions } from "./useUploadOptions.js";
import { type FileSettings, settingsOf, useUploadQueue } from "./useUploadQueue.js";

/**
 * The upload itself: files dropped into the queue upload on their own; once all are up, each
 * becomes a document with its own settings (the batch-wide ones unless changed on its row). A file
 * that cannot become one keeps its row with the reason, the others are created; the outcome
 * replaces the form once every file is through, until the next batch.
 */
export function UploadForm() {
  const { t } = useI18n();
  const { settings } = useSettings();
  // Office formats need LibreOffice on the server: refused here up front when it is missing. When the
  // question cannot be answered, nothing is refused here (the server refuses what it cannot convert).
  const unavailable = useQuery(DocumentAPI.method.getDocumentConverters, {}).data?.unavailableExt;
  const rules = useMemo(() => uploadRules(settings.security, unavailable), [settings.security, unavailable]);
  const queue = useUploadQueue(rules);
  const creation = useCreateDocuments();
  const options = useUploadOptions();
  const [batch, setBatch] = useState<FileSettings>({ category: [], languageId: "" });

  const ready = queue.items.filter((item) => item.phase === "done");
  const pending = queue.items.some((item) => item.phase === "hashing" || item.phase === "uploading");
  const missingTitle = ready.some((item) => item.title.trim() === "");

  const submit = async () => {
    if (ready.length === 0 || pending || missingTitle || creation.submitting) return;
    // Each file is checked on its own, its reason on its row; nothing is sent while one lacks a category.
    const uncategorised = ready.filter((item) => settingsOf(item, batch).category.length === 0);
    for (const item of uncategorised) queue.patch(item.uid, { submitError: t("upload.categoryRequired") });
    if (uncategorised.length > 0) return;
    const outcome = await creation.submit(ready.map((item) => ({ item, settings: settingsOf(item, batch) })));
    if (outcome.refused.size === 0) {
      queue.reset();
      return;
    }
    for (const uid of outcome.created) queue.remove(uid);
    for (const [uid, reason] of outcome.refused) queue.patch(uid, { submitError: reason });
  };

  if (creation.submitted) return <UploadSuccess submitted={creation.submitted} onMore={creation.again} />;
  return (
    <Card data-testid="upload-page" styles={{ body: { padding: 16 } }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("upload.title")}
      </Typography.Title>
      <UploadDropZone rules={rules} disabled={creation.submitting} onAdd={queue.add} />
      <UploadFileList queue={queue} batch={batch} options={options} disabled={creation.submitting} />
      <SharedSettingsForm
        value={batch}
        options={options}
        state={{ ready: ready.length, pending, queued: queue.items.length > 0, missingTitle }}
        submitting={creation.submitting}
        created={creation.created}
        onChange={(next) => {
          setBatch(next);
          // A file that follows the batch is judged again with the new defaults.
          for (const item of queue.items)
            if (item.submitError && !item.category) queue.patch(item.uid, { submitError: "" });
        }}
        onSubmit={() => void submit()}
      />
    </Card>
  );
}
