import { useI18n } from "../i18n/I18nProvider.js";
import { useSettings } from "./SettingsProvider.js";
import { creditNameOf, siteNameOf, siteTitleOf } from "./siteSettings.js";
import { creditNameIn } from "./storedNames.js";

/**
 * The site's short name and full title, falling back to the library name (文库 / Wenku), and its
 * name for credits in the reader's language (storedNames.ts).
 */
export function useSiteName(): { name: string; title: string; creditName: string } {
  const { settings } = useSettings();
  const { t, lang } = useI18n();
  const fallback = t("site.defaultName");
  return {
    name: siteNameOf(settings, fallback),
    title: siteTitleOf(settings, fallback),
    creditName: creditNameIn(lang, creditNameOf(settings, t("site.defaultCreditName"))),
  };
}
