import { Code, ConnectError } from "@connectrpc/connect";
import { callUnaryMethod, useTransport } from "@connectrpc/connect-query";
import { useQuery } from "@tanstack/react-query";
import type { Permission } from "@wenku/proto/api/v1/permission_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { useMemo } from "react";
import { type ApiError, toApiError } from "../../api/errors.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { allowedPagesFor, heldPermissionPaths } from "../../router/adminPages.js";
import { useSession, useSessionStore } from "../../store/SessionProvider.js";
import type { SessionPermission } from "../../store/session.js";

export const toSessionPermission = (p: Permission): SessionPermission => ({
  id: p.id,
  method: p.method,
  path: p.path,
  title: p.title,
});

export type PermissionReload = { state: "loading" } | { state: "ready" } | { state: "failed"; error: ApiError };

/**
 * Spec §2: the admin layout reloads the caller's permissions (and with them the allowed pages)
 * every time it opens. An expired token logs out; other failures keep the stored permissions.
 */
export function usePermissionReload(): PermissionReload {
  const transport = useTransport();
  const store = useSessionStore();
  const { token } = useSession();
  const { t } = useI18n();
  // The key is the layout's and the token's own, never cached and outside UserAPI's keys: a fresh
  // answer each time the layout opens. The answer reaches the store before the query settles, so
  // the guard never sees "ready" with the permissions of before.
  const query = useQuery({
    queryKey: ["permissionReload", token],
    queryFn: async ({ signal }) => {
      try {
        const reply = await callUnaryMethod(transport, UserAPI.method.getUserPermissions, {}, { signal });
        if (!signal.aborted) {
          store.setPermissions(reply.permission.map(toSessionPermission), allowedPagesFor(reply.permission));
        }
        return reply;
      } catch (cause) {
        if (!signal.aborted && cause instanceof ConnectError && cause.code === Code.Unauthenticated) store.logout();
        throw cause;
      }
    },
    enabled: token !== "",
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const { isSuccess, error: cause } = query;
  const fallback = t("error.permissionFailed");
  // One object per outcome: the layout reports a failure once per object it gets.
  return useMemo<PermissionReload>(() => {
    if (!token || isSuccess) return { state: "ready" };
    if (cause) return { state: "failed", error: toApiError(cause, fallback) };
    return { state: "loading" };
  }, [token, isSuccess, cause, fallback]);
}

/** Whether the current user holds a permission path, e.g. can("/api.v1.UserAPI/AddUser"). */
export function useCan(): (path: string) => boolean {
  const { permissions } = useSession();
  return useMemo(() => {
    const held = heldPermissionPaths(permissions);
    return (path: string) => held.has(path);
  }, [permissions]);
}
