import type { ReviewStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { Select } from "antd";
import { useI18n } from "../../i18n/I18nProvider.js";
import { REVIEW_STATUSES, reviewStatusLabel } from "../common/ReviewStatusTag.js";
import type { AdminList } from "./list/useAdminList.js";

/**
 * The review-status filter of an admin list (articles, comments): several of pending, approved and
 * rejected, kept in the URL's `status` filter (statusesOf reads it back).
 */
export function ReviewStatusFilter<Row>({ list, testId }: { list: AdminList<Row>; testId?: string }) {
  const { t } = useI18n();
  return (
    <Select<ReviewStatus[]>
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      placeholder={t("adm.doc.allStatus")}
      aria-label={t("adm.common.status")}
      style={{ width: 180, maxWidth: "100%" }}
      value={list.filterValues("status").map(Number) as ReviewStatus[]}
      options={REVIEW_STATUSES.map((s) => ({ value: s, label: t(reviewStatusLabel(s)) }))}
      onChange={(value) => list.setFilter("status", value)}
      data-testid={testId}
    />
  );
}
