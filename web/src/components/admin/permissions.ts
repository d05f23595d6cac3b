import { Code } from "@connectrpc/connect";
import type { Permission } from "@wenku/proto/api/v1/permission_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { useEffect, useMemo, useState } from "react";
import { useClient } from "../../api/client.js";
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
  const client = useClient(UserAPI);
  const store = useSessionStore();
  const { token } = useSession();
  const { t } = useI18n();
  const [result, setResult] = useState<PermissionReload>({ state: token ? "loading" : "ready" });

  useEffect(() => {
    if (!token) {
      setResult({ state: "ready" });
      return;
    }
    const abort = new AbortController();
    setResult({ state: "loading" });
    client.getUserPermissions({}, { signal: abort.signal }).then(
      (reply) => {
        if (abort.signal.aborted) return;
        store.setPermissions(reply.permission.map(toSessionPermission), allowedPagesFor(reply.permission));
        setResult({ state: "ready" });
      },
      (cause: unknown) => {
        if (abort.signal.aborted) return;
        const error = toApiError(cause, t("error.permissionFailed"));
        if (error.code === Code.Unauthenticated) store.logout();
        setResult({ state: "failed", error });
      },
    );
    return () => abort.abort();
  }, [client, store, token, t]);

  return result;
}

/** Whether the current user holds a permission path, e.g. can("/api.v1.UserAPI/AddUser"). */
export function useCan(): (path: string) => boolean {
  const { permissions } = useSession();
  return useMemo(() => {
    const held = heldPermissionPaths(permissions);
    return (path: string) => held.has(path);
  }, [permissions]);
}
