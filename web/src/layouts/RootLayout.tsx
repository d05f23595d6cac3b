import { useEffect } from "react";
import { Outlet, useLocation, useMatches } from "react-router";
import { PageTitleProvider, usePageName } from "../hooks/usePageTitle.js";
import { useI18n } from "../i18n/I18nProvider.js";
import type { MessageKey } from "../i18n/zh-CN.js";
import { useSettings } from "../settings/SettingsProvider.js";
import { useFavicon } from "../settings/siteHead.js";
import { useSiteName } from "../settings/useSiteName.js";

/** Route `handle` of every page: the i18n key of its title. */
export interface RouteHandle {
  title?: MessageKey;
}

/** Spec §2: route changes reset scroll to top (query-only changes keep the position). */
function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must run on every path change
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * "<page> - <site title>": the name the page gave itself (usePageTitle), else its route's title;
 * the site title alone on the home page and on pages without a title.
 */
function DocumentTitle() {
  const name = usePageName();
  const matches = useMatches();
  const { t } = useI18n();
  const { title: siteTitle } = useSiteName();
  const last = matches.at(-1);
  const key = (last?.handle as RouteHandle | undefined)?.title;
  const page = name ?? (key && key !== "page.home" ? t(key) : null);
  const title = page ? `${page} - ${siteTitle}` : siteTitle;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

/** The top route: behaviour shared by every layout. */
export function RootLayout() {
  useFavicon(useSettings().settings.system.favicon);
  return (
    <PageTitleProvider>
      <ScrollToTop />
      <DocumentTitle />
      <Outlet />
    </PageTitleProvider>
  );
}
