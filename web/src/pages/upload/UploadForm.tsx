import { useQuery } from "@connectrpc/connect-query";
import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { Card, Typography } from "antd";
import { useMemo } from "react";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSettings } from "../../settings/SettingsProvider.js";
import { SharedSettingsForm } from "./SharedSettingsForm.js";
import { UploadDropZone } from "./UploadDropZone.js";
import { UploadFileList } from "./UploadFileList.js";
import { UploadSuccess } from "./UploadSuccess.js";
import { uploadRules } from "./uploadRules.js";
import { type SharedSettings, useCreateDocuments } from "./useCreateDocuments.js";
import { useUploadQueue } from "./useUploadQueue.js";

/**
 * The upload itself: files dropped into the queue upload on their own; once all are up, the shared
 * settings turn them into documents, and the outcome replaces the form until the next batch.
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

  const ready = queue.items.filter((item) => item.phase === "done");
  const pending = queue.items.some((item) => item.phase === "hashing" || item.phase === "uploading");
  const missingTitle = ready.some((item) => item.title.trim() === "");

  const submit = async (values: SharedSettings) => {
    creation.clearError();
    if (ready.length === 0 || pending || missingTitle) return;
    if (await creation.submit(ready, values)) queue.reset();
  };

  if (creation.submitted) return <UploadSuccess submitted={creation.submitted} onMore={creation.again} />;
  return (
    <Card data-testid="upload-page" styles={{ body: { padding: 16 } }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("upload.title")}
      </Typography.Title>
      <UploadDropZone rules={rules} disabled={creation.submitting} onAdd={queue.add} />
      <UploadFileList queue={queue} disabled={creation.submitting} />
      <SharedSettingsForm
        state={{ ready: ready.length, pending, queued: queue.items.length > 0, missingTitle }}
        submitting={creation.submitting}
        error={creation.error}
        onSubmit={(values) => void submit(values)}
      />
    </Card>
  );
}
