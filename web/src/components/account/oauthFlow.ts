// The browser's half of a third-party login: a random key kept in sessionStorage (it survives the
// round trip through the provider in this tab and never goes to the provider) binds the server's
// state to this browser; the page to return to rides along. /oauth/{type} reads it back.

/** Provider numbers (OAuthConfig.type) by the path of their /oauth/{name} page, as the server names them. */
export const OAUTH_PATHS: Readonly<Record<string, number>> = {
  qq: 1,
  wechat: 2,
  gitee: 3,
  github: 4,
  custom: 6,
  google: 7,
  officialaccount: 8,
};

const STORAGE_KEY = "wenku.oauth";

export interface PendingLogin {
  type: number;
  browserKey: string;
  /** Where to go once signed in ("" = the default). */
  redirect: string;
  /** Started from the profile page to bind to the signed-in account. */
  bind: boolean;
}

function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** A new login's key, remembered for the callback page. */
export function beginLogin(type: number, redirect: string, bind = false): PendingLogin {
  const pending = { type, browserKey: randomKey(), redirect, bind };
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
  return pending;
}

/** The login this tab started, if any (the callback page reads it). */
export function pendingLogin(): PendingLogin | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as PendingLogin | null;
    return v && typeof v.browserKey === "string" && typeof v.type === "number" ? v : null;
  } catch {
    return null;
  }
}

/** Forgets the started login (done or abandoned). */
export function endLogin(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}
