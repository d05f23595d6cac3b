import { ExclamationCircleFilled } from "@ant-design/icons";
import { theme } from "antd";
import { useOnline } from "../hooks/useOnline.js";
import { useI18n } from "../i18n/I18nProvider.js";

/**
 * A banner while the browser reports being offline (spec §2: online/offline status is tracked), in
 * the looks of antd's warning Alert as a banner. Plain elements: this is on every page, and it must
 * show when no chunk can be loaded any more.
 */
export function OfflineBanner() {
  const online = useOnline();
  const { t } = useI18n();
  const { token } = theme.useToken();
  if (online) return null;
  return (
    <div
      role="alert"
      style={{
        display: "flex",
        alignItems: "center",
        gap: token.marginXS,
        padding: `${token.paddingXS}px ${token.paddingSM}px`,
        color: token.colorText,
        background: token.colorWarningBg,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
      }}
    >
      <ExclamationCircleFilled style={{ color: token.colorWarning }} />
      <span>{t("error.offline")}</span>
    </div>
  );
}
