import { CrownFilled } from "@ant-design/icons";
import { theme } from "antd";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSettings } from "../../settings/SettingsProvider.js";

/**
 * The VIP mark beside a VIP member's avatar or name (spec §1): shown only while VIP is enabled
 * (Settings.vip.enable), as the site's own icon (Settings.vip.icon) or else a crown.
 */
export function VipMark({ isVip, size = 16 }: { isVip: boolean | undefined; size?: number }) {
  const { settings } = useSettings();
  const { t } = useI18n();
  const { token } = theme.useToken();
  if (!isVip || !settings.vip.enable) return null;
  const label = t("vip.mark");
  return settings.vip.icon ? (
    <img
      src={settings.vip.icon}
      alt={label}
      title={label}
      width={size}
      height={size}
      style={{ objectFit: "contain", verticalAlign: "middle" }}
      data-testid="vip-mark"
    />
  ) : (
    <CrownFilled
      aria-label={label}
      title={label}
      style={{ color: token.colorWarning, fontSize: size }}
      data-testid="vip-mark"
    />
  );
}
