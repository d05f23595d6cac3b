import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { Tag, Tooltip } from "antd";
import { useI18n } from "../../i18n/I18nProvider.js";
import type { MessageKey } from "../../i18n/zh-CN.js";

/** Every document status (enums.proto), in the order the filters list them. */
export const DOCUMENT_STATUSES: readonly DocumentStatus[] = [
  DocumentStatus.PENDING_REVIEW,
  DocumentStatus.CONVERTED,
  DocumentStatus.PENDING,
  DocumentStatus.CONVERTING,
  DocumentStatus.RECONVERT,
  DocumentStatus.FAILED,
  DocumentStatus.REJECTED,
  DocumentStatus.DISABLED,
];

/** antd Tag colours: published green, in progress blue, waiting for a person orange, refused red. */
const COLORS: Record<DocumentStatus, string> = {
  [DocumentStatus.PENDING]: "default",
  [DocumentStatus.CONVERTING]: "processing",
  [DocumentStatus.CONVERTED]: "success",
  [DocumentStatus.FAILED]: "error",
  [DocumentStatus.DISABLED]: "default",
  [DocumentStatus.RECONVERT]: "processing",
  [DocumentStatus.PENDING_REVIEW]: "warning",
  [DocumentStatus.REJECTED]: "magenta",
};

export interface StatusView {
  color: string;
  label: MessageKey;
}

/** How a status shows: its tag colour and label key (unknown values read as pending). */
export function documentStatusView(status: DocumentStatus): StatusView {
  const known = Object.hasOwn(COLORS, status);
  return {
    color: known ? COLORS[status] : "default",
    label: `dl.status.${known ? status : DocumentStatus.PENDING}` as MessageKey,
  };
}

/** Whether visitors can see the document (only converted documents are published). */
export const isPublished = (status: DocumentStatus): boolean => status === DocumentStatus.CONVERTED;

/** Statuses a reviewer sets with an optional reason for the uploader (CheckDocumentRequest.reason). */
const REVIEWED: ReadonlySet<DocumentStatus> = new Set([DocumentStatus.REJECTED, DocumentStatus.DISABLED]);

/**
 * Why staff rejected or disabled the document ("" when none was given, the status is another one, or
 * the viewer is neither the owner nor staff: the server leaves it empty then).
 */
export const reviewReasonOf = (doc: { status: DocumentStatus; reviewReason: string }): string =>
  REVIEWED.has(doc.status) ? doc.reviewReason.trim() : "";

/** A status tag; a failed conversion carries its reason in a tooltip. */
export function DocumentStatusTag({ status, convertError }: { status: DocumentStatus; convertError?: string }) {
  const { t } = useI18n();
  const view = documentStatusView(status);
  const tag = (
    <Tag color={view.color} style={{ marginInlineEnd: 0 }} data-testid="document-status">
      {t(view.label)}
    </Tag>
  );
  return status === DocumentStatus.FAILED && convertError ? <Tooltip title={convertError}>{tag}</Tooltip> : tag;
}
