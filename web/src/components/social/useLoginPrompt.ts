import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { useI18n } from "../../i18n/I18nProvider.js";
import { loginPath } from "../../router/paths.js";
import { useFeedback } from "../feedback/appContext.js";

/** Asks a visitor to sign in (title: why), then brings them back to this page. */
export function useLoginPrompt(): (title: string) => void {
  const { t } = useI18n();
  const { modal } = useFeedback();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (title: string) =>
      void modal.confirm({
        title,
        okText: t("soc.login"),
        onOk: () => navigate(loginPath(`${pathname}${search}`)),
      }),
    [modal, navigate, pathname, search, t],
  );
}
