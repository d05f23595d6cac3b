import {
  CloudUploadOutlined,
  CrownOutlined,
  DownloadOutlined,
  EditOutlined,
  HomeOutlined,
  LockOutlined,
  ProfileOutlined,
  ShoppingOutlined,
  StarOutlined,
  UserOutlined,
} from "@ant-design/icons";
import type { User } from "@wenku/proto/api/v1/user_pb.js";
import { Alert, Avatar, Button, Card, Menu, type MenuProps, Spin, Typography, theme } from "antd";
import { createContext, type ReactNode, useContext } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useSizeClass } from "../../hooks/useSizeClass.js";
import { useCurrentUser } from "../../hooks/useUser.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import type { MessageKey } from "../../i18n/zh-CN.js";
import { useSiteName } from "../../settings/useSiteName.js";
import { useSession } from "../../store/SessionProvider.js";
import { VipMark } from "../vip/VipMark.js";

interface MeUser {
  user: User;
}

const MeUserContext = createContext<MeUser | null>(null);

/** The logged-in user's full record, inside <MeFrame>. */
export function useMeUser(): MeUser {
  const value = useContext(MeUserContext);
  if (!value) throw new Error("useMeUser must be used inside <MeFrame>");
  return value;
}

const ITEMS: { path: string; title: MessageKey; icon: ReactNode }[] = [
  { path: "/me", title: "page.me.index", icon: <HomeOutlined /> },
  { path: "/me/profile", title: "page.me.profile", icon: <ProfileOutlined /> },
  { path: "/me/password", title: "page.me.password", icon: <LockOutlined /> },
  { path: "/me/document", title: "page.me.document", icon: <CloudUploadOutlined /> },
  { path: "/me/article", title: "page.me.article", icon: <EditOutlined /> },
  { path: "/me/download", title: "page.me.download", icon: <DownloadOutlined /> },
  { path: "/me/favorite", title: "page.me.favorite", icon: <StarOutlined /> },
  { path: "/me/order", title: "page.me.order", icon: <ShoppingOutlined /> },
  { path: "/me/vip", title: "page.me.vip", icon: <CrownOutlined /> },
];

/** Spec §2 personal centre: a menu of the /me screens beside (or, on phones, above) the page. */
export function MeFrame({ title, children }: { title: MessageKey; children: ReactNode }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const size = useSizeClass();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const { creditName } = useSiteName();
  // The cached current-user query: the forms inside ask for the same one, so it loads once.
  const { data: user, loading, error, reload } = useCurrentUser();

  const active = pathname.replace(/\/+$/, "").replace(/^\/me\/index$/, "/me");
  const items: MenuProps["items"] = ITEMS.map((item) => ({
    key: item.path,
    icon: item.icon,
    label: <Link to={item.path}>{t(item.title)}</Link>,
  }));
  const mobile = size === "mobile";

  let body: ReactNode;
  if (user) body = <MeUserContext value={{ user }}>{children}</MeUserContext>;
  else if (error)
    body = (
      <Alert
        type="error"
        showIcon
        title={error.message}
        action={<Button onClick={reload}>{t("error.retry")}</Button>}
      />
    );
  else body = <Spin spinning={loading} style={{ display: "block", padding: 48 }} />;

  return (
    <div
      style={{
        maxWidth: 1200,
        margin: "0 auto",
        padding: mobile ? "12px 8px" : "24px 16px",
        display: "flex",
        flexDirection: mobile ? "column" : "row",
        gap: mobile ? 12 : 24,
        alignItems: "flex-start",
      }}
    >
      <aside style={{ width: mobile ? "100%" : 220, flexShrink: 0 }}>
        {!mobile && (
          <Card size="small" style={{ marginBottom: 16, textAlign: "center" }}>
            <Avatar size={80} src={session.user?.avatar || undefined} icon={<UserOutlined />} />
            <Typography.Title level={5} style={{ margin: "8px 0 0" }} ellipsis>
              {session.user?.username} <VipMark isVip={user?.isVip ?? session.user?.isVip} />
            </Typography.Title>
            {user && (
              <Typography.Text type="secondary">
                {creditName}: {user.creditCount}
              </Typography.Text>
            )}
          </Card>
        )}
        <Menu
          mode={mobile ? "horizontal" : "inline"}
          selectedKeys={[active]}
          items={items}
          onClick={({ key }) => void navigate(key)}
          style={{
            borderRadius: token.borderRadiusLG,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          }}
          aria-label={t("page.me.index")}
        />
      </aside>
      <section style={{ flex: 1, minWidth: 0, width: "100%" }}>
        <Card title={<h1 style={{ fontSize: 16, margin: 0 }}>{t(title)}</h1>}>{body}</Card>
      </section>
    </div>
  );
}
