import { Button } from "antd";
import { Suspense } from "react";
import { Link, useLocation } from "react-router";
import { useLogout } from "../hooks/useLogout.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { withTexts } from "../i18n/language.js";
import { lazyComponent } from "../router/lazyPage.js";
import { loginPath } from "../router/paths.js";
import { useSession } from "../store/SessionProvider.js";

/** Avatar, dropdown and their icons load for a signed-in user only: a visitor's first load lacks them. */
const SignedInMenu = lazyComponent(() => withTexts(import("./SignedInMenu.js"), ["credits", "orders", "vip"]));

/** Keeps the header's height and layout while the signed-in menu loads (its avatar is 42 px). */
const PENDING_MENU = <span aria-hidden style={{ display: "inline-block", width: 46, height: 46 }} />;

/** The header's account area: login/register links, or the user dropdown once logged in. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useI18n();
  const session = useSession();
  const location = useLocation();
  const logout = useLogout();

  if (!session.user) {
    return (
      <span style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
        <Link to={loginPath(location.pathname + location.search)} data-testid="login-link">
          <Button type="primary">{t("header.login")}</Button>
        </Link>
        {!compact && (
          <Link to="/register">
            <Button type="text">{t("header.register")}</Button>
          </Link>
        )}
      </span>
    );
  }
  return (
    <Suspense fallback={PENDING_MENU}>
      <SignedInMenu user={session.user} admin={session.allowedPages.length > 0} compact={compact} onLogout={logout} />
    </Suspense>
  );
}
