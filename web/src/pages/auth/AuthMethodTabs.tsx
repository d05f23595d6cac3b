import { Tabs } from "antd";
import type { ReactNode } from "react";
import { useSettings } from "../../settings/SettingsProvider.js";

/**
 * Login and register by password (`children`) or, when the site has SMS on (sms.enable), by mobile
 * number and SMS code (`mobile`), as two tabs; without SMS only the password form shows.
 */
export function AuthMethodTabs({
  mobile,
  labels,
  children,
}: {
  mobile: ReactNode;
  /** The tabs' titles: the password form's, the mobile form's. */
  labels: [string, string];
  children: ReactNode;
}) {
  const { settings } = useSettings();
  if (!settings.system.enableSms) return <>{children}</>;
  return (
    <Tabs
      centered
      destroyOnHidden={false}
      items={[
        { key: "password", label: labels[0], children },
        { key: "mobile", label: labels[1], children: mobile },
      ]}
      data-testid="auth-method-tabs"
    />
  );
}
