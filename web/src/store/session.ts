/**
 * The session store (spec §3, §4): user, token, permissions, allowed admin pages, groups and the
 * post-oauth redirect, persisted in localStorage. A framework-free store read by React through
 * useSyncExternalStore (see SessionProvider.tsx) and by the API transport for the bearer token.
 */

/** Ids arrive as numbers, or as bigint from proto int64 fields; persisted bigints read back as strings. */
export type SessionId = number | string | bigint;

export interface SessionUser {
  id: SessionId;
  username: string;
  realname?: string;
  email?: string;
  mobile?: string;
  avatar?: string;
  address?: string;
  signature?: string;
  identity?: string;
  isVip?: boolean;
}

/** A permission as the server lists it: gRPC-style path, e.g. /api.v1.DocumentAPI/ListDocument. */
export interface SessionPermission {
  id: SessionId;
  method: string;
  path: string;
  title: string;
}

export interface SessionGroup {
  id: SessionId;
  title: string;
}

export interface SessionState {
  readonly user: SessionUser | null;
  readonly token: string;
  readonly permissions: readonly SessionPermission[];
  readonly allowedPages: readonly string[];
  readonly groups: readonly SessionGroup[];
  /** Where to go after a third-party login completes. */
  readonly oauthRedirect: string;
}

export const SESSION_STORAGE_KEY = "wenku:session";
export const DEFAULT_OAUTH_REDIRECT = "/me";

export const EMPTY_SESSION: SessionState = Object.freeze({
  user: null,
  token: "",
  permissions: [],
  allowedPages: [],
  groups: [],
  oauthRedirect: DEFAULT_OAUTH_REDIRECT,
});

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface SessionStore {
  getSnapshot(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Login, register and oauth: a new user and token. Permissions and groups start empty until loaded. */
  login(user: SessionUser, token: string): void;
  setUser(user: SessionUser): void;
  setPermissions(permissions: readonly SessionPermission[], allowedPages: readonly string[]): void;
  setGroups(groups: readonly SessionGroup[]): void;
  setOauthRedirect(path: string): void;
  /** Clears user, token, permissions, allowed pages, groups and the persisted copy. */
  logout(): void;
  /**
   * The server refused `token` (401: expired, revoked, malformed): ends the session if it still
   * holds that token, so the header shows the login link. A newer login (another token) is kept.
   * Returns whether the session was ended.
   */
  expire(token: string): boolean;
  /** Adopts the persisted state when its token differs from ours (another tab logged in or out). */
  syncFromStorage(): boolean;
  /** Calls syncFromStorage on every window focus; returns the unsubscribe function. */
  syncOnFocus(target: Pick<Window, "addEventListener" | "removeEventListener">): () => void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Parses the persisted JSON defensively: anything malformed falls back to the empty session. */
export function parseSession(raw: string | null): SessionState {
  if (!raw) return EMPTY_SESSION;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return EMPTY_SESSION;
  }
  if (!isRecord(data)) return EMPTY_SESSION;
  const list = <T>(value: unknown): readonly T[] => (Array.isArray(value) ? (value as T[]) : []);
  return {
    user: isRecord(data.user) ? (data.user as unknown as SessionUser) : null,
    token: typeof data.token === "string" ? data.token : "",
    permissions: list<SessionPermission>(data.permissions),
    allowedPages: list<string>(data.allowedPages).filter((p) => typeof p === "string"),
    groups: list<SessionGroup>(data.groups),
    oauthRedirect:
      typeof data.oauthRedirect === "string" && data.oauthRedirect.startsWith("/")
        ? data.oauthRedirect
        : DEFAULT_OAUTH_REDIRECT,
  };
}

/** Proto int64 fields are bigint, which JSON.stringify rejects; they persist as decimal strings. */
function bigintAsString(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? value.toString() : value;
}

export function createSessionStore(storage: KeyValueStorage | undefined): SessionStore {
  const read = (): SessionState => {
    try {
      return parseSession(storage?.getItem(SESSION_STORAGE_KEY) ?? null);
    } catch {
      return EMPTY_SESSION;
    }
  };
  let state = read();
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const update = (next: SessionState) => {
    state = next;
    try {
      storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(next, bigintAsString));
    } catch {
      // Full or blocked storage: the session still lives in memory for this tab.
    }
    emit();
  };

  const store: SessionStore = {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    login(user, token) {
      update({ ...EMPTY_SESSION, oauthRedirect: state.oauthRedirect, user, token });
    },
    setUser(user) {
      update({ ...state, user });
    },
    setPermissions(permissions, allowedPages) {
      update({ ...state, permissions: [...permissions], allowedPages: [...allowedPages] });
    },
    setGroups(groups) {
      update({ ...state, groups: [...groups] });
    },
    setOauthRedirect(path) {
      update({ ...state, oauthRedirect: path.startsWith("/") ? path : DEFAULT_OAUTH_REDIRECT });
    },
    logout() {
      state = EMPTY_SESSION;
      try {
        storage?.removeItem(SESSION_STORAGE_KEY);
      } catch {
        // Nothing persisted that we could remove.
      }
      emit();
    },
    expire(token) {
      if (!token) return false;
      // Another tab may have logged in meanwhile: the persisted token is the one that counts.
      store.syncFromStorage();
      if (state.token !== token) return false;
      store.logout();
      return true;
    },
    syncFromStorage() {
      const stored = read();
      if (stored.token === state.token) return false;
      state = stored;
      emit();
      return true;
    },
    syncOnFocus(target) {
      const onFocus = () => {
        store.syncFromStorage();
      };
      target.addEventListener("focus", onFocus);
      return () => target.removeEventListener("focus", onFocus);
    },
  };
  return store;
}
