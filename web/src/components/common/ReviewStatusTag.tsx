import { ReviewStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { Tag, Tooltip } from "antd";
import { useI18n } from "../../i18n/I18nProvider.js";
import type { MessageKey } from "../../i18n/zh-CN.js";

/** Every review status (articles, comments), in the order filters list them. */
export const REVIEW_STATUSES: readonly ReviewStatus[] = [
  ReviewStatus.PENDING,
  ReviewStatus.APPROVED,
  ReviewStatus.REJECTED,
];

const COLORS: Record<ReviewStatus, string> = {
  [ReviewStatus.PENDING]: "warning",
  [ReviewStatus.APPROVED]: "success",
  [ReviewStatus.REJECTED]: "magenta",
};

/** The label key of a review status (unknown values read as pending). */
export const reviewStatusLabel = (status: ReviewStatus): MessageKey =>
  `review.status.${Object.hasOwn(COLORS, status) ? status : ReviewStatus.PENDING}` as MessageKey;

/** A review status tag (pending, approved, rejected); a rejection's reason shows in a tooltip. */
export function ReviewStatusTag({ status, reason }: { status: ReviewStatus; reason?: string }) {
  const { t } = useI18n();
  const tag = <Tag color={COLORS[status] ?? "default"}>{t(reviewStatusLabel(status))}</Tag>;
  const why = status === ReviewStatus.REJECTED ? reason?.trim() : "";
  return why ? <Tooltip title={t("review.reason", { reason: why })}>{tag}</Tooltip> : tag;
}
