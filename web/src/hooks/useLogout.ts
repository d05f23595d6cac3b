import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useFeedback } from "../components/feedback/appContext.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { useAccount } from "./useAccount.js";

/** Spec §2: logout revokes the token, clears the session, goes home and says 退出成功. */
export function useLogout(): () => Promise<void> {
  const account = useAccount();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const { t } = useI18n();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await account.end();
    const left = navigate("/");
    void message.success(t("header.logoutSuccess"));
    // Nothing the signed-in user could read stays cached for whoever uses the browser next (the
    // pages just left are inactive once home shows); what is still on screen is asked again.
    await left;
    queryClient.removeQueries({ type: "inactive" });
    void queryClient.invalidateQueries();
  }, [account, queryClient, navigate, message, t]);
}
