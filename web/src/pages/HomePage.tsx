import { Link, useNavigate } from "react-router";
import { AdSlot } from "../components/AdSlot.js";
import { SearchInput } from "../components/common/SearchInput.js";
import { SecondaryText, Title } from "../components/common/Text.js";
import { useSizeClass } from "../hooks/useSizeClass.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { searchPath } from "../router/paths.js";
import { useSettings } from "../settings/SettingsProvider.js";
import { useSiteName } from "../settings/useSiteName.js";
import { BannerCarousel } from "./home/BannerCarousel.js";
import { HomeAside } from "./home/HomeAside.js";
import { HomeDocuments } from "./home/HomeDocuments.js";

/**
 * The home page (moredoc's home v1): the banners with the site name, a document search box and the
 * site's suggested keywords over them; then the latest documents beside the account box, the
 * recommended documents and one section per category (HomeDocuments). Friend links are in the
 * footer, on this page only.
 */
export default function HomePage() {
  const { t } = useI18n();
  const { name } = useSiteName();
  const { recommendWords } = useSettings().settings.system;
  const navigate = useNavigate();
  const mobile = useSizeClass() === "mobile";
  const search = (value: string) => {
    const path = searchPath(value, 0);
    if (path) void navigate(path);
  };
  return (
    <>
      <BannerCarousel fallback={name}>
        <Title level={1} data-testid="site-name" style={{ marginBottom: 8 }}>
          {name}
        </Title>
        <div className="wk-hero-subtitle">
          <SecondaryText block style={{ fontSize: 16 }}>
            {t("home.welcome", { name })} · {t("home.subtitle")}
          </SecondaryText>
        </div>
        <SearchInput
          size="large"
          allowClear
          aria-label={t("home.searchPlaceholder")}
          placeholder={t("home.searchPlaceholder")}
          enterButton={t("home.search")}
          style={{ maxWidth: 560, marginTop: 16 }}
          onSearch={search}
        />
        {recommendWords.length > 0 && (
          <nav aria-label={t("home.recommendWords")} className="wk-hero-words" data-testid="home-words">
            {recommendWords.map((word) => (
              <Link key={word} to={searchPath(word, 0) ?? "/search"}>
                {word}
              </Link>
            ))}
          </nav>
        )}
      </BannerCarousel>
      <AdSlot position="index_banner_bottom" style={{ padding: "0 12px" }} />
      <div style={{ maxWidth: 1200, margin: "0 auto", padding: mobile ? "0 12px 32px" : "0 24px 48px" }}>
        <HomeDocuments aside={<HomeAside siteName={name} />} />
        <AdSlot position="index_link_top" />
      </div>
    </>
  );
}
