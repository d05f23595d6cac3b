import type { Document } from "@wenku/proto/api/v1/document_pb.js";
import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { Alert } from "antd";
import { useI18n } from "../../i18n/I18nProvider.js";
import type { MessageKey } from "../../i18n/zh-CN.js";

const BANNERS: Partial<Record<DocumentStatus, { type: "info" | "warning" | "error"; key: MessageKey }>> = {
  [DocumentStatus.PENDING]: { type: "info", key: "doc.status.converting" },
  [DocumentStatus.CONVERTING]: { type: "info", key: "doc.status.converting" },
  [DocumentStatus.RECONVERT]: { type: "info", key: "doc.status.converting" },
  [DocumentStatus.PENDING_REVIEW]: { type: "warning", key: "doc.status.pendingReview" },
  [DocumentStatus.REJECTED]: { type: "error", key: "doc.status.rejected" },
  [DocumentStatus.FAILED]: { type: "error", key: "doc.status.failed" },
  [DocumentStatus.DISABLED]: { type: "warning", key: "doc.status.disabled" },
};

/** What a document's status means for the reader; nothing for a converted document. */
export function DocumentStatusBanner({ document: doc }: { document: Document }) {
  const { t } = useI18n();
  const banner = BANNERS[doc.status];
  if (!banner) return null;
  const reason = doc.status === DocumentStatus.FAILED && doc.convertError ? doc.convertError : "";
  return (
    <Alert
      type={banner.type}
      showIcon
      data-testid="document-status"
      data-status={doc.status}
      title={t(banner.key)}
      description={reason ? t("doc.status.failedReason", { reason }) : undefined}
      style={{ marginBottom: 16 }}
    />
  );
}
