import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { Button, theme } from "antd";
import { Suspense } from "react";
import { Link } from "react-router";
import { useApiQuery } from "../../api/useApiQuery.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import type { MessageKey } from "../../i18n/zh-CN.js";
import { lazyComponent } from "../../router/lazyPage.js";
import { useSession } from "../../store/SessionProvider.js";

/** The site notices: a chunk of their own with the article texts (the home page's first load stays lean). */
const HomeNotices = lazyComponent(() => import("./HomeNotices.js"));

/** The site's public counters shown on the home page (GetStats; staff get more, which is not shown here). */
const COUNTERS: { key: "documentCount" | "userCount" | "categoryCount"; label: MessageKey }[] = [
  { key: "documentCount", label: "home.stats.documents" },
  { key: "userCount", label: "home.stats.users" },
  { key: "categoryCount", label: "home.stats.categories" },
];

/**
 * The home page's account box (moredoc's home v1): a visitor is invited to log in or register, a
 * signed-in user greeted with the ways to their centre and to uploading; below, the site's counters,
 * then the latest site notices when there are any. The counters are decoration: when they fail they
 * are left out.
 */
export function HomeAside({ siteName }: { siteName: string }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const { user } = useSession();
  const stats = useApiQuery(ConfigAPI.method.getStats, {}, "").data;
  return (
    <aside
      data-testid="home-aside"
      aria-label={t("home.account")}
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: 20,
        background: token.colorBgContainer,
        display: "flex",
        flexDirection: "column",
        gap: 16,
      }}
    >
      <div>
        <div style={{ fontSize: 16, fontWeight: 600, color: token.colorText }}>
          {user ? t("home.hello", { name: user.username }) : t("home.welcome", { name: siteName })}
        </div>
        <div style={{ color: token.colorTextSecondary, fontSize: 13 }}>
          {t(user ? "home.helloHint" : "home.welcomeHint")}
        </div>
      </div>
      <div style={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 8 }}>
        {user ? (
          <>
            <Link to="/me">
              <Button block>{t("home.myCentre")}</Button>
            </Link>
            <Link to="/upload">
              <Button type="primary" block>
                {t("home.upload")}
              </Button>
            </Link>
          </>
        ) : (
          <>
            <Link to="/login">
              <Button type="primary" block>
                {t("header.login")}
              </Button>
            </Link>
            <Link to="/register">
              <Button block>{t("header.register")}</Button>
            </Link>
          </>
        )}
      </div>
      {stats && (
        <dl
          data-testid="home-stats"
          style={{ display: "grid", gridTemplateColumns: "repeat(3, 1fr)", margin: 0, textAlign: "center" }}
        >
          {COUNTERS.map(({ key, label }) => (
            <div key={key} style={{ display: "flex", flexDirection: "column-reverse" }}>
              <dt style={{ color: token.colorTextSecondary, fontSize: 12 }}>{t(label)}</dt>
              <dd style={{ margin: 0, fontSize: 20, fontWeight: 600, color: token.colorPrimary }}>
                {stats[key].toLocaleString()}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <Suspense fallback={null}>
        <HomeNotices />
      </Suspense>
    </aside>
  );
}
