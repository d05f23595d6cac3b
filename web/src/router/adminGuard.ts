/** The admin guard of spec §6, a pure function of the location and the session (loaded with the back office). */
import type { SessionState } from "../store/session.js";
import { ADMIN_PAGES } from "./adminPages.js";
import { loginPath } from "./paths.js";

/**
 * Admin pages reachable by anyone who may enter the back office at all. The spec also lists
 * /admin/navigation here (a moredoc quirk); we guard it like every other page, because its
 * screen cannot do anything without the navigation permissions.
 */
export const ALWAYS_ALLOWED_ADMIN_PAGES: readonly string[] = ["/admin", "/admin/index", "/admin/dashboard"];

const trimSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);

type AdminSession = Pick<SessionState, "token" | "allowedPages">;

/**
 * Where the admin guard sends a visitor and why. "noAccess" is not followed: the layout tells the
 * user they have no back office (403) with a link to `to`, home; "forbidden" goes with a notice.
 */
export interface AdminRedirect {
  to: string;
  reason: "login" | "noAccess" | "forbidden";
}

const KNOWN_ADMIN_PAGES = new Set(ADMIN_PAGES.map((p) => p.path));

/**
 * Admin guard (spec §6):
 * - no token → login, remembering the page;
 * - a token but no allowed pages → told so (a 403 page with the way home; spec §6 sent them home
 *   silently, which left them wondering why /admin "does nothing");
 * - an admin page outside the allowed list → /admin (the dashboard).
 * Unknown /admin paths pass through so that the 404 page shows.
 */
export function adminRedirect(
  location: { pathname: string; search: string },
  session: AdminSession,
): AdminRedirect | null {
  if (!session.token) return { to: loginPath(location.pathname + location.search), reason: "login" };
  if (session.allowedPages.length === 0) return { to: "/", reason: "noAccess" };
  const path = trimSlash(location.pathname);
  if (ALWAYS_ALLOWED_ADMIN_PAGES.includes(path) || session.allowedPages.includes(path)) return null;
  if (!KNOWN_ADMIN_PAGES.has(path)) return null;
  return { to: "/admin", reason: "forbidden" };
}
