import { Result } from "antd";
import { usePageTitle } from "../hooks/usePageTitle.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { HomeLink } from "./HomeLink.js";

/** Spec §8: an unknown page shows 404 "This page could not be found" (zh: 页面不存在), in its title too. */
export function NotFoundResult() {
  const { t } = useI18n();
  usePageTitle(t("notFound.title"));
  return (
    <Result
      status="404"
      title={<h1 style={{ fontSize: "inherit", margin: 0 }}>{t("notFound.title")}</h1>}
      subTitle={t("notFound.subTitle")}
      extra={<HomeLink />}
    />
  );
}
