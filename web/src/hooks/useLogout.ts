import { App } from "antd";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useI18n } from "../i18n/I18nProvider.js";
import { useSessionStore } from "../store/SessionProvider.js";

/** Spec §2: logout clears the session, goes home and says "exit successful" (退出成功). */
export function useLogout(): () => void {
  const store = useSessionStore();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useI18n();
  return useCallback(() => {
    store.logout();
    void navigate("/");
    void message.success(t("header.logoutSuccess"));
  }, [store, navigate, message, t]);
}
