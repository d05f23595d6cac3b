import { useQueryClient } from "@tanstack/react-query";
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
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await account.end();
    await navigate("/");
    // Nothing the signed-in user could read stays cached for whoever uses the browser next (the
    // pages just left are inactive now); what is still on screen is asked again without the token.
    queryClient.removeQueries({ type: "inactive" });
    void queryClient.invalidateQueries();
    void message.success(t("header.logoutSuccess"));
  }, [account, queryClient, navigate, message, t]);
}
