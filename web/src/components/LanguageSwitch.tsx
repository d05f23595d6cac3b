import { GlobalOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useI18n } from "../i18n/I18nProvider.js";

/** Toggles between the two UI languages; the label names the language it switches to. */
export function LanguageSwitch() {
  const { lang, setLang, t } = useI18n();
  const next = lang === "en" ? "zh-CN" : "en";
  return (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      data-testid="lang-switch"
      aria-label={`${t("lang.label")}: ${t(`lang.${next}`)}`}
      title={t("lang.label")}
      onClick={() => setLang(next)}
    >
      {t(`lang.${next}`)}
    </Button>
  );
}
