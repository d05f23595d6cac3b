import {
  DownOutlined,
  HomeOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from "@ant-design/icons";
import {
  App,
  Avatar,
  Button,
  Drawer,
  Dropdown,
  Flex,
  Layout,
  Menu,
  type MenuProps,
  Result,
  Space,
  Spin,
  theme,
} from "antd";
import { useEffect, useRef, useState } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { PasswordForm } from "../components/account/PasswordForm.js";
import { ProfileForm } from "../components/account/ProfileForm.js";
import { usePermissionReload } from "../components/admin/permissions.js";
import { adminDrawerSize } from "../components/common/FormDrawer.js";
import { LanguageSwitch } from "../components/LanguageSwitch.js";
import { useLogout } from "../hooks/useLogout.js";
import { useSizeClass, useWindowWidth } from "../hooks/useSizeClass.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { adminRedirect } from "../router/adminGuard.js";
import { visibleAdminMenu } from "../router/adminPages.js";
import { useSiteName } from "../settings/useSiteName.js";
import { useSession } from "../store/SessionProvider.js";
import { adminMenuItems, openAdminGroup, selectedAdminKey } from "./adminMenuItems.js";

/** Spec §2: sidebar 240 px wide, collapsed when the window is narrower than 1000 px. */
export const ADMIN_SIDER_WIDTH = 240;
export const ADMIN_COLLAPSE_BELOW = 1000;

type DrawerKind = "profile" | "password";

/** Spec §2 admin layout: side menu plus header; needs a token and allowed pages (spec §6). */
export default function AdminLayout() {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const permissions = usePermissionReload();
  // Logging out empties the session before the navigation home lands; the guard must not
  // send the user to the login page in between.
  const leaving = useRef(false);
  const { name } = useSiteName();
  const width = useWindowWidth();
  const mobile = useSizeClass() === "mobile";
  // On phones the menu lives in a drawer, so "collapsed" there means the drawer is closed.
  const narrow = width < ADMIN_COLLAPSE_BELOW;
  const [collapsed, setCollapsed] = useState(narrow);
  const [drawer, setDrawer] = useState<DrawerKind | null>(null);

  // Follow the window across the 1000 px line; in between, the toggle button decides.
  useEffect(() => setCollapsed(narrow), [narrow]);

  // The guard waits for the fresh permissions, so a stale stored list neither hides nor grants pages.
  const redirect = permissions.state === "loading" || leaving.current ? null : adminRedirect(location, session);
  const redirectTo = redirect?.to;
  const redirectReason = redirect?.reason;
  useEffect(() => {
    // Someone without any admin page stays here and reads why (below), with a way home.
    if (!redirectTo || leaving.current || redirectReason === "noAccess") return;
    if (redirectReason === "forbidden") void message.warning(t("adm.common.noPermission"));
    void navigate(redirectTo, { replace: true });
  }, [redirectTo, redirectReason, navigate, message, t]);
  useEffect(() => {
    if (permissions.state === "failed") void message.error(permissions.error.message);
  }, [permissions, message]);

  if (redirect?.reason === "noAccess" && !leaving.current) {
    return (
      <Result
        status="403"
        title="403"
        subTitle={t("adm.common.noAdminAccess")}
        data-testid="admin-no-access"
        style={{ minHeight: "100vh", paddingTop: "12vh" }}
        extra={
          <Link to={redirect.to}>
            <Button type="primary" icon={<HomeOutlined />}>
              {t("error.backHome")}
            </Button>
          </Link>
        }
      />
    );
  }
  if (permissions.state === "loading" || redirect || leaving.current) {
    return (
      <Flex align="center" justify="center" style={{ minHeight: "100vh" }}>
        <Spin size="large" description={t("adm.common.loadingPermissions")} />
      </Flex>
    );
  }

  const userItems: MenuProps["items"] = [
    { key: "profile", icon: <UserOutlined />, label: t("adminLayout.profile") },
    { key: "password", icon: <KeyOutlined />, label: t("adminLayout.password") },
    { type: "divider" },
    { key: "logout", icon: <LogoutOutlined />, label: t("adminLayout.logout") },
  ];
  const onUserMenu: MenuProps["onClick"] = ({ key }) => {
    if (key === "logout") {
      leaving.current = true;
      logout();
    } else setDrawer(key as DrawerKind);
  };
  const openGroup = openAdminGroup(location.pathname);
  const menu = (
    <>
      <Link
        to="/admin"
        style={{ display: "block", height: 64, lineHeight: "64px", textAlign: "center", color: "#fff" }}
      >
        <strong style={{ fontSize: 18 }}>
          {collapsed && !mobile ? name.slice(0, 2) : `${name} · ${t("adminLayout.title")}`}
        </strong>
      </Link>
      <Menu
        theme="dark"
        mode="inline"
        data-testid="admin-menu"
        selectedKeys={[selectedAdminKey(location.pathname)]}
        // A collapsed inline menu shows open submenus as popups, so open the group only when expanded.
        {...(openGroup && !collapsed ? { defaultOpenKeys: [openGroup] } : {})}
        items={adminMenuItems(visibleAdminMenu(session.allowedPages), t)}
        onClick={({ key }) => {
          if (mobile) setCollapsed(true);
          void navigate(key);
        }}
      />
    </>
  );

  return (
    <Layout style={{ minHeight: "100vh" }}>
      {mobile ? (
        <Drawer
          placement="left"
          size={ADMIN_SIDER_WIDTH}
          open={!collapsed}
          onClose={() => setCollapsed(true)}
          closable={false}
          styles={{ body: { padding: 0, background: "#001529" } }}
        >
          {menu}
        </Drawer>
      ) : (
        <Layout.Sider
          width={ADMIN_SIDER_WIDTH}
          collapsible
          collapsed={collapsed}
          trigger={null}
          theme="dark"
          style={{ position: "sticky", top: 0, height: "100vh", overflow: "auto" }}
        >
          {menu}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            position: "sticky",
            top: 0,
            zIndex: 10,
            display: "flex",
            alignItems: "center",
            gap: 8,
            padding: "0 16px",
            background: token.colorBgContainer,
            boxShadow: "0 1px 4px rgba(0, 21, 41, 0.08)",
          }}
        >
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={t(collapsed ? "adminLayout.expand" : "adminLayout.collapse")}
            onClick={() => setCollapsed((value) => !value)}
          />
          <div style={{ flex: 1 }} />
          <Link to="/">
            <Button type="text" icon={<HomeOutlined />}>
              {!mobile && t("adminLayout.backFront")}
            </Button>
          </Link>
          <LanguageSwitch />
          <Dropdown menu={{ items: userItems, onClick: onUserMenu }} placement="bottomRight">
            <Button type="text" data-testid="admin-user-menu">
              <Space>
                <Avatar size="small" src={session.user?.avatar || undefined} icon={<UserOutlined />} />
                {!mobile && session.user?.username}
                <DownOutlined style={{ fontSize: 10 }} />
              </Space>
            </Button>
          </Dropdown>
        </Layout.Header>
        <Layout.Content style={{ margin: mobile ? 8 : 16 }}>
          <div style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, minHeight: 360 }}>
            <Outlet />
          </div>
        </Layout.Content>
      </Layout>
      <Drawer
        title={drawer ? t(drawer === "profile" ? "adminLayout.profile" : "adminLayout.password") : undefined}
        size={adminDrawerSize(mobile)}
        open={drawer !== null}
        onClose={() => setDrawer(null)}
        destroyOnHidden
        data-testid="admin-account-drawer"
      >
        {drawer === "profile" && <ProfileForm onSaved={() => setDrawer(null)} />}
        {drawer === "password" && <PasswordForm onSaved={() => setDrawer(null)} />}
      </Drawer>
    </Layout>
  );
}
