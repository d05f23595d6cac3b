import { Alert, Button } from "antd";
import type { ApiError } from "../../api/errors.js";
import { useI18n } from "../../i18n/I18nProvider.js";

/** A failed call, said plainly with its status (e.g. 501 while a server slice is not built yet). */
export function ApiErrorAlert({ error, onRetry }: { error: ApiError; onRetry?: () => void }) {
  const { t } = useI18n();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="api-error"
      style={{ marginBottom: 16 }}
      title={t("adm.common.loadFailed")}
      description={`${error.status} · ${error.message}`}
      action={
        onRetry && (
          <Button size="small" onClick={onRetry}>
            {t("adm.common.retry")}
          </Button>
        )
      }
    />
  );
}
