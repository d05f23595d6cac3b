import { UserOutlined } from "@ant-design/icons";
import type { User } from "@wenku/proto/api/v1/user_pb.js";
import { Alert, Avatar, Card, Spin, Tabs, Typography, theme } from "antd";
import { createContext, type ReactNode, useContext } from "react";
import { Navigate, useLocation, useNavigate, useParams } from "react-router";
import { usePageTitle } from "../../hooks/usePageTitle.js";
import { useSizeClass } from "../../hooks/useSizeClass.js";
import { parseUserId, useUser } from "../../hooks/useUser.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { loginPath } from "../../router/paths.js";
import { useSession } from "../../store/SessionProvider.js";
import { AdSlot } from "../AdSlot.js";
import { NotFoundResult } from "../NotFoundResult.js";
import { VipMark } from "../vip/VipMark.js";

const ProfileUserContext = createContext<User | null>(null);

/** The user whose public page is open, inside <UserFrame>. */
export function useProfileUser(): User {
  const user = useContext(ProfileUserContext);
  if (!user) throw new Error("useProfileUser must be used inside <UserFrame>");
  return user;
}

type Tab = "index" | "document" | "article";

/** Spec §2 public user page /user/{id}: the user's card and the index, document and article tabs. */
export function UserFrame({ tab, children }: { tab: Tab; children: ReactNode }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const mobile = useSizeClass() === "mobile";
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const id = parseUserId(params.id);
  const { data: user, loading, error } = useUser(id);
  const missing = id === null || error?.status === 404;
  usePageTitle(missing ? t("notFound.title") : user?.username);

  // /user without an id: one's own page, or login first.
  if (params.id === undefined) {
    if (session.user) return <Navigate to={`/user/${session.user.id}`} replace />;
    return <Navigate to={loginPath(location.pathname)} replace />;
  }
  if (missing) return <NotFoundResult />;

  const base = `/user/${params.id}`;
  return (
    <div style={{ maxWidth: 1200, margin: "0 auto", padding: mobile ? "12px 8px" : "24px 16px" }}>
      {error && <Alert type="error" showIcon title={error.message} data-testid="user-error" />}
      {!user && loading && <Spin style={{ display: "block", padding: 48 }} />}
      {user && (
        <>
          <AdSlot position="user_top" />
          <Card style={{ marginBottom: 16, background: token.colorPrimaryBg }}>
            <div style={{ display: "flex", gap: 16, alignItems: "center", flexWrap: "wrap" }}>
              <Avatar size={80} src={user.avatar || undefined} icon={<UserOutlined />} />
              <div style={{ flex: 1, minWidth: 160 }}>
                <Typography.Title level={3} style={{ margin: 0 }} data-testid="profile-username">
                  {user.username} <VipMark isVip={user.isVip} size={18} />
                </Typography.Title>
                <Typography.Paragraph type="secondary" style={{ margin: "4px 0 0" }}>
                  {user.signature || t("me.noSignature")}
                </Typography.Paragraph>
              </div>
            </div>
          </Card>
          <Card>
            <Tabs
              activeKey={tab}
              onChange={(key) => void navigate(key === "index" ? base : `${base}/${key}`)}
              items={[
                { key: "index", label: t("page.user.index") },
                { key: "document", label: t("page.user.document") },
                { key: "article", label: t("page.user.article") },
              ]}
            />
            <ProfileUserContext value={user}>{children}</ProfileUserContext>
          </Card>
        </>
      )}
    </div>
  );
}
