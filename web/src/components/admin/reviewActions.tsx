import { CheckOutlined, CloseOutlined } from "@ant-design/icons";
import { ReviewStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { Button } from "antd";
import type { ReactNode } from "react";
import { type Translate, useI18n } from "../../i18n/I18nProvider.js";
import type { MessageKey } from "../../i18n/zh-CN.js";
import type { RowAction } from "./RowActions.js";
import { type ConfirmInput, useConfirm } from "./useConfirm.js";

/** One outcome of a review (approve, reject, disable…); the dangerous ones hide the item and ask first. */
export interface ReviewCheck<S> {
  status: S;
  label: MessageKey;
  icon: ReactNode;
  danger: boolean;
}

/** The review of articles and comments (ReviewStatus): approve, or reject (dangerous: it hides the item). */
export const REVIEW_CHECKS: readonly ReviewCheck<ReviewStatus>[] = [
  { status: ReviewStatus.APPROVED, label: "adm.doc.approve", icon: <CheckOutlined />, danger: false },
  { status: ReviewStatus.REJECTED, label: "adm.doc.reject", icon: <CloseOutlined />, danger: true },
];

interface ReviewOptions<S> {
  checks: readonly ReviewCheck<S>[];
  /** The reason's text area of a dangerous outcome; without it the confirmation only asks. */
  reason?: ConfirmInput;
  /** Sends the review; `reason` only for a dangerous outcome (what was typed, "" when nothing). */
  run: (status: S, reason?: string) => unknown;
}

/**
 * A row's review actions: every outcome but the item's current status. A dangerous one asks in a
 * dialog (with room for the reason when the item takes one); the others run at once.
 */
export function reviewRowActions<S>(
  opts: ReviewOptions<S> & { t: Translate; confirm: ReturnType<typeof useConfirm>; current: S; name: string },
): RowAction[] {
  const { t, confirm, checks, current, name, reason, run } = opts;
  return checks
    .filter((c) => c.status !== current)
    .map((c) => ({
      key: String(c.status),
      label: t(c.label),
      icon: c.icon,
      danger: c.danger,
      onClick: c.danger
        ? () =>
            confirm({
              title: t("adm.common.confirmAction", { action: t(c.label), name }),
              input: reason,
              onOk: (why) => run(c.status, why),
            })
        : () => void run(c.status),
    }));
}

/**
 * The review buttons of a selection's batch bar: each outcome asks first, naming the items (and, for
 * a dangerous one, offering the reason's text area when the items take one).
 */
export function BatchReviewButtons<S>({
  checks,
  reason,
  run,
  names,
  title,
}: ReviewOptions<S> & {
  names: readonly string[];
  /** The question, e.g. "Approve the 3 selected articles?". */
  title: (action: string, count: number) => string;
}) {
  const { t } = useI18n();
  const confirm = useConfirm();
  return checks.map((c) => (
    <Button
      key={String(c.status)}
      size="small"
      icon={c.icon}
      onClick={() =>
        confirm({
          title: title(t(c.label), names.length),
          names,
          danger: c.danger,
          input: c.danger ? reason : undefined,
          onOk: (why) => run(c.status, c.danger ? why : undefined),
        })
      }
    >
      {t(c.label)}
    </Button>
  ));
}
