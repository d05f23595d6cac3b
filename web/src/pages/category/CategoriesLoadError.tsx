import { Button, Result } from "antd";
import type { ApiError } from "../../api/errors.js";
import { useI18n } from "../../i18n/I18nProvider.js";

/** The category pages' answer when the category list cannot be loaded: the server's reason and a retry. */
export function CategoriesLoadError({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <Result
      status="error"
      data-testid="category-error"
      title={t("cat.loadFailed")}
      subTitle={`${error.status} · ${error.message}`}
      extra={<Button onClick={onRetry}>{t("adm.common.retry")}</Button>}
    />
  );
}
