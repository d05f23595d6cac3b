import { App, Input, Typography } from "antd";
import { useCallback } from "react";
import { useI18n } from "../../i18n/I18nProvider.js";

/** An optional free-text answer asked for inside the confirmation (e.g. why a document is rejected). */
export interface ConfirmInput {
  /** Accessible name of the text area. */
  label: string;
  placeholder?: string;
  maxLength: number;
}

export interface ConfirmOptions {
  title: string;
  /** What is affected, by name: the first few are listed, the rest counted. */
  names?: readonly string[];
  hint?: string;
  /** Red OK button: the change destroys or hides something. Default true. */
  danger?: boolean;
  /** Adds a text area; `onOk` then receives its trimmed text ("" when left empty). */
  input?: ConfirmInput;
  onOk: (text: string) => unknown;
}

const LISTED = 5;

/** A confirmation dialog that names what a dangerous action touches before it runs. */
export function useConfirm(): (options: ConfirmOptions) => void {
  const { t } = useI18n();
  const { modal } = App.useApp();
  return useCallback(
    ({ title, names = [], hint, danger = true, input, onOk }: ConfirmOptions) => {
      const listed = names.slice(0, LISTED).join("、");
      const rest = names.length - LISTED;
      // modal.confirm renders its content once, so the text area is uncontrolled and reports into this variable.
      let text = "";
      modal.confirm({
        title,
        content: (names.length > 0 || hint || input) && (
          <>
            {names.length > 0 && (
              <Typography.Paragraph style={{ marginBottom: 4 }} data-testid="confirm-names">
                {listed}
                {rest > 0 && ` ${t("adm.common.andMore", { count: rest })}`}
              </Typography.Paragraph>
            )}
            {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
            {input && (
              <Input.TextArea
                aria-label={input.label}
                placeholder={input.placeholder}
                maxLength={input.maxLength}
                showCount
                autoSize={{ minRows: 2, maxRows: 5 }}
                style={{ marginTop: 8, marginBottom: 16, width: "100%" }}
                data-testid="confirm-input"
                onChange={(e) => {
                  text = e.target.value;
                }}
              />
            )}
          </>
        ),
        okButtonProps: { danger },
        onOk: async () => {
          await onOk(text.trim());
        },
      });
    },
    [modal, t],
  );
}
