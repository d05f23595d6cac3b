import { useNavigate } from "react-router";
import { SearchInput } from "../components/common/SearchInput.js";
import { SecondaryText, Title } from "../components/common/Text.js";
import { useSizeClass } from "../hooks/useSizeClass.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { searchPath } from "../router/paths.js";
import { useSiteName } from "../settings/useSiteName.js";
import { HomeDocuments } from "./home/HomeDocuments.js";

/**
 * The home page: a welcome hero with the site name and a document search box, then the latest
 * documents and one section per category (HomeDocuments).
 */
export default function HomePage() {
  const { t } = useI18n();
  const { name } = useSiteName();
  const navigate = useNavigate();
  const mobile = useSizeClass() === "mobile";
  return (
    <>
      <section
        style={{
          padding: "clamp(40px, 8vw, 88px) 16px",
          textAlign: "center",
          background: "linear-gradient(135deg, #e6f4ff 0%, #f0f5ff 50%, #fff 100%)",
        }}
      >
        <Title level={1} data-testid="site-name" style={{ marginBottom: 8 }}>
          {name}
        </Title>
        <SecondaryText block style={{ fontSize: 16 }}>
          {t("home.welcome", { name })} · {t("home.subtitle")}
        </SecondaryText>
        <SearchInput
          size="large"
          allowClear
          aria-label={t("home.searchPlaceholder")}
          placeholder={t("home.searchPlaceholder")}
          enterButton={t("home.search")}
          style={{ maxWidth: 560, marginTop: 16 }}
          onSearch={(value) => {
            const path = searchPath(value, 0);
            if (path) void navigate(path);
          }}
        />
      </section>
      <div style={{ maxWidth: 1200, margin: "0 auto", padding: mobile ? "0 12px 32px" : "0 24px 48px" }}>
        <HomeDocuments />
      </div>
    </>
  );
}
