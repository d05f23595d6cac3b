import { DashboardOutlined, LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { Avatar, Button, type MenuProps, Space } from "antd";
import { Link, useLocation, useNavigate } from "react-router";
import { useLogout } from "../hooks/useLogout.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { loginPath } from "../router/paths.js";
import { useSession } from "../store/SessionProvider.js";
import { LazyDropdown } from "./LazyDropdown.js";

/** Header avatar size (spec §9). */
const HEADER_AVATAR = 42;

/** The header's account area: login/register links, or the user dropdown once logged in. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useI18n();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();

  if (!session.user) {
    return (
      <Space size={4}>
        <Link to={loginPath(location.pathname + location.search)} data-testid="login-link">
          <Button type="primary">{t("header.login")}</Button>
        </Link>
        {!compact && (
          <Link to="/register">
            <Button type="text">{t("header.register")}</Button>
          </Link>
        )}
      </Space>
    );
  }

  const items: MenuProps["items"] = [
    { key: "/me", icon: <UserOutlined />, label: t("header.me") },
    ...(session.allowedPages.length > 0
      ? [{ key: "/admin", icon: <DashboardOutlined />, label: t("header.admin") }]
      : []),
    { type: "divider" as const },
    { key: "logout", icon: <LogoutOutlined />, label: t("header.logout") },
  ];
  const onClick: MenuProps["onClick"] = ({ key }) => {
    if (key === "logout") void logout();
    else void navigate(key);
  };
  const { user } = session;
  return (
    <LazyDropdown menu={{ items, onClick }} placement="bottomRight" trigger={["hover", "click"]}>
      <Button type="text" style={{ height: HEADER_AVATAR + 4, padding: "0 4px" }} data-testid="user-menu">
        <Avatar size={HEADER_AVATAR} src={user.avatar || undefined} icon={<UserOutlined />} />
        {!compact && <span>{user.username}</span>}
      </Button>
    </LazyDropdown>
  );
}
