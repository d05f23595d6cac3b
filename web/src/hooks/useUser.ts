import { type User, UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { useCallback, useEffect, useState } from "react";
import { useClient } from "../api/client.js";
import { type ApiError, toApiError } from "../api/errors.js";
import { useI18n } from "../i18n/I18nProvider.js";
import type { SessionId } from "../store/session.js";

export interface UserState {
  user: User | null;
  loading: boolean;
  error: ApiError | null;
  reload: () => Promise<User | null>;
}

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

/** One user from UserAPI.GetUser (full fields for oneself, public ones for others). */
export function useUser(id: bigint | null): UserState {
  const users = useClient(UserAPI);
  const { t } = useI18n();
  const fallback = t("me.loadFailed");
  const [state, setState] = useState<Omit<UserState, "reload">>({ user: null, loading: id !== null, error: null });

  const load = useCallback(
    async (signal?: AbortSignal): Promise<User | null> => {
      if (id === null) {
        setState({ user: null, loading: false, error: null });
        return null;
      }
      setState((s) => ({ ...s, loading: true }));
      try {
        const user = await users.getUser({ id }, { signal });
        setState({ user, loading: false, error: null });
        return user;
      } catch (error) {
        if (signal?.aborted) return null;
        setState({ user: null, loading: false, error: toApiError(error, fallback) });
        return null;
      }
    },
    [users, id, fallback],
  );

  useEffect(() => {
    const abort = new AbortController();
    void load(abort.signal);
    return () => abort.abort();
  }, [load]);

  const reload = useCallback(() => load(), [load]);
  return { ...state, reload };
}
