import { App } from "antd";
import { useState } from "react";
import { toApiError } from "../../api/errors.js";
import { useI18n } from "../../i18n/I18nProvider.js";

/**
 * An account form's save (profile, password): runs `save`, then says `success` and calls `onSaved`;
 * a failure shows the server's message (else 更新失败) in the form and as a toast (spec §8).
 */
export function useFormSave<Values>(
  save: (values: Values) => Promise<void>,
  success: string,
  onSaved?: () => void,
): { error: string; onFinish: (values: Values) => Promise<void> } {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [error, setError] = useState("");
  const onFinish = async (values: Values) => {
    setError("");
    try {
      await save(values);
      void message.success(success);
      onSaved?.();
    } catch (cause) {
      const text = toApiError(cause, t("error.updateFailed")).message;
      setError(text);
      void message.error(text);
    }
  };
  return { error, onFinish };
}
