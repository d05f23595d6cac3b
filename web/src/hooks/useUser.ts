import { skipToken } from "@connectrpc/connect-query";
import type { QueryClient } from "@tanstack/react-query";
import { type User, UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { useEffect } from "react";
import { invalidateMethod } from "../api/invalidate.js";
import { type ApiQuery, useApiQuery } from "../api/useApiQuery.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { toSessionUser } from "../store/account.js";
import { useSession, useSessionStore } from "../store/SessionProvider.js";
import type { SessionId } from "../store/session.js";

/** Parses a route or session id into the int64 the API expects; null when it is not a positive integer. */
export function parseUserId(id: SessionId | undefined | null): bigint | null {
  if (id === undefined || id === null || id === "") return null;
  try {
    const value = BigInt(id);
    return value > 0n ? value : null;
  } catch {
    return null;
  }
}

/** One user from UserAPI.GetUser (full fields for oneself, public ones for others); nothing for a null id. */
export function useUser(id: bigint | null): ApiQuery<User> {
  const { t } = useI18n();
  return useApiQuery(UserAPI.method.getUser, id === null ? skipToken : { id }, t("me.loadFailed"));
}

/**
 * The signed-in user's full record (the personal centre and the admin's profile drawer share this
 * one cached query). When it arrives, the header's copy of the user (name, avatar) follows it.
 */
export function useCurrentUser(): ApiQuery<User> {
  const session = useSession();
  const store = useSessionStore();
  const query = useUser(parseUserId(session.user?.id));
  const user = query.data;
  useEffect(() => {
    if (user && String(store.getSnapshot().user?.id) === String(user.id)) store.setUser(toSessionUser(user));
  }, [user, store]);
  return query;
}

/** After a change to a user (profile, avatar): every cached GetUser reads again. */
export function invalidateUsers(queryClient: QueryClient): Promise<void> {
  return invalidateMethod(queryClient, UserAPI.method.getUser);
}
