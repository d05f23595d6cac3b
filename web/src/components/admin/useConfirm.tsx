import { App, Typography } from "antd";
import { useCallback } from "react";
import { useI18n } from "../../i18n/I18nProvider.js";

export interface ConfirmOptions {
  title: string;
  /** What is affected, by name: the first few are listed, the rest counted. */
  names?: readonly string[];
  hint?: string;
  /** Red OK button: the change destroys or hides something. Default true. */
  danger?: boolean;
  onOk: () => unknown;
}

const LISTED = 5;

/** A confirmation dialog that names what a dangerous action touches before it runs. */
export function useConfirm(): (options: ConfirmOptions) => void {
  const { t } = useI18n();
  const { modal } = App.useApp();
  return useCallback(
    ({ title, names = [], hint, danger = true, onOk }: ConfirmOptions) => {
      const listed = names.slice(0, LISTED).join("、");
      const rest = names.length - LISTED;
      modal.confirm({
        title,
        content: (names.length > 0 || hint) && (
          <>
            {names.length > 0 && (
              <Typography.Paragraph style={{ marginBottom: 4 }} data-testid="confirm-names">
                {listed}
                {rest > 0 && ` ${t("adm.common.andMore", { count: rest })}`}
              </Typography.Paragraph>
            )}
            {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
          </>
        ),
        okButtonProps: { danger },
        onOk: async () => {
          await onOk();
        },
      });
    },
    [modal, t],
  );
}
