import { WalletOutlined } from "@ant-design/icons";
import { Button, type ButtonProps } from "antd";
import { useState } from "react";
import { useI18n } from "../../i18n/I18nProvider.js";
import { RechargeLauncher } from "./RechargeLauncher.js";
import { useRechargeSettings } from "./useRechargeSettings.js";

/** "Recharge credits", beside the check-in (phone menu, /me); nothing while recharge is off. */
export default function RechargeButton({
  onOrdered,
  ...props
}: Pick<ButtonProps, "block" | "size" | "type"> & { onOrdered?: () => void }) {
  const { t } = useI18n();
  const settings = useRechargeSettings();
  const [open, setOpen] = useState(false);
  if (!settings.enabled) return null;
  return (
    <>
      <Button {...props} icon={<WalletOutlined />} onClick={() => setOpen(true)} data-testid="recharge-open">
        {t("recharge.title", { name: settings.creditName })}
      </Button>
      <RechargeLauncher open={open} onClose={() => setOpen(false)} onOrdered={onOrdered} />
    </>
  );
}
