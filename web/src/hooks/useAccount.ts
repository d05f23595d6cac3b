import { useTransport } from "@connectrpc/connect-query";
import { useEffect, useMemo } from "react";
import { toApiError } from "../api/errors.js";
import { useFeedback } from "../components/feedback/appContext.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { endSession, ensurePermissions, startSession } from "../store/account.js";
import { useSession, useSessionStore } from "../store/SessionProvider.js";

/** The session actions bound to the app's store and transport. */
export function useAccount() {
  const store = useSessionStore();
  const transport = useTransport();
  return useMemo(
    () => ({
      start: (reply: Parameters<typeof startSession>[2]) => startSession(store, transport, reply),
      ensurePermissions: () => ensurePermissions(store, transport),
      end: () => endSession(store, transport),
    }),
    [store, transport],
  );
}

/**
 * Loads permissions and groups once per token (page load, login in another tab adopted on focus);
 * a refused token ends the session. Failures show 获取权限失败 or the server's message.
 */
export function usePermissionSync(): void {
  const { token } = useSession();
  const account = useAccount();
  const { message } = useFeedback();
  const { t } = useI18n();
  useEffect(() => {
    if (!token) return;
    account.ensurePermissions().catch((error: unknown) => {
      void message.error(toApiError(error, t("error.permissionFailed")).message);
    });
  }, [token, account, message, t]);
}
