import { theme } from "antd";
import { Navigate, Outlet, useLocation } from "react-router";
import { AdSlot } from "../components/AdSlot.js";
import { AppFooter } from "../components/AppFooter.js";
import { AppHeader } from "../components/AppHeader.js";
import { safeRedirect } from "../components/account/formRules.js";
import { OfflineBanner } from "../components/OfflineBanner.js";
import { SideBar } from "../components/SideBar.js";
import { usePermissionSync } from "../hooks/useAccount.js";
import { frontRedirect } from "../router/guards.js";
import { useSettings } from "../settings/SettingsProvider.js";
import { useAnalytics } from "../settings/siteHead.js";
import { useSession } from "../store/SessionProvider.js";

const AUTH_PAGE = /^\/(login|register)\/?$/;

/**
 * The guard sends a logged-in user away from /login and /register (to /user/{id}); when the page
 * was opened with a `redirect` query, honour it instead (spec §2: they remember the previous page).
 * Login and register rely on this: setting the session is what moves the user on.
 */
function afterLoginRedirect(location: { pathname: string; search: string }, guard: string | null): string | null {
  if (!guard || !AUTH_PAGE.test(location.pathname)) return guard;
  return safeRedirect(new URLSearchParams(location.search).get("redirect"), guard);
}

/** Header, main and (optionally) footer, behind the front availability guard (spec §6). */
export function FrontLayout({ showFooter }: { showFooter: boolean }) {
  const location = useLocation();
  const session = useSession();
  const { settings } = useSettings();
  const { token } = theme.useToken();
  usePermissionSync();
  useAnalytics(settings.system.analytics);
  const redirect = afterLoginRedirect(location, frontRedirect(location, session, settings.security));
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    // A plain column (antd's Layout brought its Sider to every public page's first load).
    <div
      style={{
        minHeight: "100vh",
        display: "flex",
        flexDirection: "column",
        background: token.colorBgContainer,
        color: token.colorText,
      }}
    >
      <OfflineBanner />
      <AppHeader />
      <main style={{ flex: 1 }}>
        <AdSlot position="global_top" style={{ padding: "0 12px" }} />
        <Outlet />
        <AdSlot position="global_bottom" style={{ padding: "0 12px" }} />
      </main>
      {/* Fixed on wide screens; on phones in this place of the flow, above the footer (styles.css). */}
      <SideBar />
      {showFooter && <AppFooter />}
    </div>
  );
}
