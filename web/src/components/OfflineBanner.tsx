import { Alert } from "antd";
import { useOnline } from "../hooks/useOnline.js";
import { useI18n } from "../i18n/I18nProvider.js";

/** A banner while the browser reports being offline (spec §2: online/offline status is tracked). */
export function OfflineBanner() {
  const online = useOnline();
  const { t } = useI18n();
  if (online) return null;
  return <Alert type="warning" banner showIcon title={t("error.offline")} />;
}
