import type { ReactNode } from "react";
import type { Translate } from "../../i18n/I18nProvider.js";
import type { MessageKey } from "../../i18n/zh-CN.js";
import type { RowAction } from "./RowActions.js";
import type { ConfirmInput, useConfirm } from "./useConfirm.js";

/** One outcome of a review (approve, reject, disable…); the dangerous ones hide the item and ask why. */
export interface ReviewCheck<S> {
  status: S;
  label: MessageKey;
  icon: ReactNode;
  danger: boolean;
}

/**
 * A row's review actions: every outcome but the item's current status. A dangerous one asks in a
 * dialog with room for the reason; the others run at once and send no reason.
 */
export function reviewRowActions<S>(opts: {
  t: Translate;
  confirm: ReturnType<typeof useConfirm>;
  checks: readonly ReviewCheck<S>[];
  current: S;
  name: string;
  reason: ConfirmInput;
  run: (status: S, reason?: string) => unknown;
}): RowAction[] {
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
