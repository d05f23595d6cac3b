import type { Document } from "@wenku/proto/api/v1/document_pb.js";
import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { Alert } from "antd";
import { reviewReasonOf } from "../../components/document/documentStatus.js";
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

const REVIEW_REASON_KEYS: Partial<Record<DocumentStatus, MessageKey>> = {
  [DocumentStatus.REJECTED]: "doc.status.rejectedReason",
  [DocumentStatus.DISABLED]: "doc.status.disabledReason",
};

/** What a document's status means for the reader; nothing for a converted document. */
export function DocumentStatusBanner({ document: doc }: { document: Document }) {
  const { t } = useI18n();
  const banner = BANNERS[doc.status];
  if (!banner) return null;
  const reason = doc.status === DocumentStatus.FAILED && doc.convertError ? doc.convertError : "";
  // Only the owner and staff receive a review reason; it completes the status sentence.
  const reviewReason = reviewReasonOf(doc);
  const reviewed = REVIEW_REASON_KEYS[doc.status];
  return (
    <Alert
      type={banner.type}
      showIcon
      data-testid="document-status"
      data-status={doc.status}
      title={reviewReason && reviewed ? t(reviewed, { reason: reviewReason }) : t(banner.key)}
      description={reason ? t("doc.status.failedReason", { reason }) : undefined}
      style={{ marginBottom: 16 }}
    />
  );
}
