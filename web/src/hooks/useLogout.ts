import { App } from "antd";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useI18n } from "../i18n/I18nProvider.js";
import { useAccount } from "./useAccount.js";

/** Spec §2: logout revokes the token, clears the session, goes home and says 退出成功. */
export function useLogout(): () => Promise<void> {
  const account = useAccount();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useI18n();
  return useCallback(async () => {
    await account.end();
    void navigate("/");
    void message.success(t("header.logoutSuccess"));
  }, [account, navigate, message, t]);
}
