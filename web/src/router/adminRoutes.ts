// The back office's layout and routes: its menu's screens (adminPages.ts) with the modules built so
// far (pages/admin/screens.ts). routes.tsx adds it to the router when a navigation reaches /admin.
import { loadAdminTexts } from "../i18n/language.js";
import { ADMIN_SCREENS } from "../pages/admin/screens.js";
import { ADMIN_PAGES } from "./adminPages.js";
import {
  ADMIN_BASE,
  LAYOUTS,
  type LayoutEntry,
  type LoadPage,
  loadNotFound,
  page,
  routePatterns,
} from "./routeTable.js";

const dashboard: LoadPage = () => import("../pages/admin/DashboardPage.js");
const adminSection: LoadPage = () => import("../pages/admin/AdminSectionPage.js");

export const ADMIN_LAYOUT: LayoutEntry = {
  path: ADMIN_BASE.slice(1),
  // The layout comes with the back office's texts (i18n/admin), which the public pages never load.
  load: async () => (await Promise.all([import("../layouts/AdminLayout.js"), loadAdminTexts()]))[0],
  children: [
    page(null, dashboard, "admin.dashboard"),
    page("index", dashboard, "admin.dashboard"),
    page("dashboard", dashboard, "admin.dashboard"),
    ...ADMIN_PAGES.map((p) => page(p.path.replace(/^\/admin\//, ""), ADMIN_SCREENS[p.path] ?? adminSection, p.title)),
    page("*", loadNotFound, "page.notFound"),
  ],
};

/** Every URL pattern a page serves, the back office's included: what the build writes to routes.json. */
export const allRoutePatterns = (): string[] => routePatterns([...LAYOUTS, ADMIN_LAYOUT]);
