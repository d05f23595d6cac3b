import { Result } from "antd";
import { useI18n } from "../i18n/I18nProvider.js";
import type { MessageKey } from "../i18n/zh-CN.js";

/** What a route shows until its screen is built: says so plainly, no fake data. */
export function PagePlaceholder({ title }: { title: MessageKey }) {
  const { t } = useI18n();
  return (
    <Result
      status="info"
      data-testid="page-placeholder"
      title={t("placeholder.title", { page: t(title) })}
      subTitle={t("placeholder.subTitle")}
    />
  );
}
