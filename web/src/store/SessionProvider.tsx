import { createContext, type ReactNode, useContext, useEffect, useSyncExternalStore } from "react";
import type { SessionState, SessionStore } from "./session.js";

const SessionContext = createContext<SessionStore | null>(null);

/** Provides the session store and keeps it in step with other tabs (re-sync on window focus). */
export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  useEffect(() => store.syncOnFocus(window), [store]);
  return <SessionContext value={store}>{children}</SessionContext>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error("useSessionStore must be used inside <SessionProvider>");
  return store;
}

/** The current session; re-renders on login, logout, permission changes and focus re-sync. */
export function useSession(): SessionState {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
