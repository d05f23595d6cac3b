import { Layout, theme } from "antd";
import { Navigate, Outlet, useLocation } from "react-router";
import { AppFooter } from "../components/AppFooter.js";
import { AppHeader } from "../components/AppHeader.js";
import { OfflineBanner } from "../components/OfflineBanner.js";
import { SideBar } from "../components/SideBar.js";
import { frontRedirect } from "../router/guards.js";
import { useSettings } from "../settings/SettingsProvider.js";
import { useSession } from "../store/SessionProvider.js";

/** Header, main and (optionally) footer, behind the front availability guard (spec §6). */
export function FrontLayout({ showFooter }: { showFooter: boolean }) {
  const location = useLocation();
  const session = useSession();
  const { settings } = useSettings();
  const { token } = theme.useToken();
  const redirect = frontRedirect(location, session, settings.security);
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <Layout style={{ minHeight: "100vh", background: token.colorBgContainer }}>
      <OfflineBanner />
      <AppHeader />
      <main style={{ flex: 1 }}>
        <Outlet />
      </main>
      {showFooter && <AppFooter />}
      <SideBar />
    </Layout>
  );
}
