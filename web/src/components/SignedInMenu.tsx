import { DashboardOutlined, LogoutOutlined, UserOutlined, WalletOutlined } from "@ant-design/icons";
import { Avatar, Button, type MenuProps } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useI18n } from "../i18n/I18nProvider.js";
import type { SessionUser } from "../store/session.js";
import CheckInButton from "./credits/CheckInButton.js";
import { LazyDropdown } from "./LazyDropdown.js";
import { RechargeLauncher } from "./orders/RechargeLauncher.js";
import { useRechargeSettings } from "./orders/useRechargeSettings.js";
import { VipMark } from "./vip/VipMark.js";

/** Header avatar size (spec §9). */
export const HEADER_AVATAR = 42;

/** The signed-in user's header dropdown: their avatar and name, account, recharge (when on), back office, log out. */
export default function SignedInMenu({
  user,
  admin,
  compact,
  onLogout,
}: {
  user: SessionUser;
  /** The user may open at least one back-office page. */
  admin: boolean;
  compact: boolean;
  /** Held by the header, which stays when this menu goes with the session (the farewell shows). */
  onLogout: () => Promise<void>;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const recharge = useRechargeSettings();
  const [recharging, setRecharging] = useState(false);
  const items: MenuProps["items"] = [
    { key: "/me", icon: <UserOutlined />, label: t("header.me") },
    ...(recharge.enabled
      ? [{ key: "recharge", icon: <WalletOutlined />, label: t("recharge.title", { name: recharge.creditName }) }]
      : []),
    ...(admin ? [{ key: "/admin", icon: <DashboardOutlined />, label: t("header.admin") }] : []),
    { type: "divider" as const },
    { key: "logout", icon: <LogoutOutlined />, label: t("header.logout") },
  ];
  const onClick: MenuProps["onClick"] = ({ key }) => {
    if (key === "logout") void onLogout();
    else if (key === "recharge") setRecharging(true);
    else void navigate(key);
  };
  return (
    <>
      {/* On phones the check-in is in the menu drawer (AppHeader): the header row has no room. */}
      {!compact && <CheckInButton />}
      <LazyDropdown menu={{ items, onClick }} placement="bottomRight" trigger={["hover", "click"]}>
        <Button type="text" style={{ height: HEADER_AVATAR + 4, padding: "0 4px" }} data-testid="user-menu">
          <Avatar size={HEADER_AVATAR} src={user.avatar || undefined} icon={<UserOutlined />} />
          <VipMark isVip={user.isVip} />
          {!compact && <span>{user.username}</span>}
        </Button>
      </LazyDropdown>
      <RechargeLauncher open={recharging} onClose={() => setRecharging(false)} />
    </>
  );
}
