/** The front guard of spec §6, a pure function of the location, the session and the settings (the admin guard: adminGuard.ts). */
import type { SessionState } from "../store/session.js";
import { loginPath } from "./paths.js";

const AUTH_PAGE = /^\/(login|register|findpassword|findpassword-mobile)\/?$/;
const OAUTH_PAGE = /^\/oauth(\/|$)/;
const ME_PAGE = /^\/me(\/|$)/;

type FrontSession = Pick<SessionState, "user" | "token" | "permissions">;
interface FrontSecurity {
  loginRequired: boolean;
  isClose: boolean;
}

/**
 * Front guard plus login-check guard. Returns where to go instead, or null to stay.
 * - auth pages: a logged-in user goes to /user/{id}, except on a closed site without permissions;
 * - closed site: anonymous users and users without permissions go to login;
 * - login required: anonymous users go to login (auth and oauth pages stay reachable);
 * - /me needs login.
 */
export function frontRedirect(
  location: { pathname: string; search: string },
  session: FrontSession,
  security: FrontSecurity,
): string | null {
  const { pathname, search } = location;
  const loggedIn = session.user !== null && session.token !== "";
  const hasPermissions = session.permissions.length > 0;
  if (AUTH_PAGE.test(pathname)) {
    if (loggedIn && session.user && !(security.isClose && !hasPermissions)) return `/user/${session.user.id}`;
    return null;
  }
  if (OAUTH_PAGE.test(pathname)) return null;
  const toLogin = loginPath(pathname + search);
  if (security.isClose && (!loggedIn || !hasPermissions)) return toLogin;
  if (security.loginRequired && !loggedIn) return toLogin;
  if (ME_PAGE.test(pathname) && !loggedIn) return toLogin;
  return null;
}
