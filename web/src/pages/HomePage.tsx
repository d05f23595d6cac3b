import { Input, Typography } from "antd";
import { useNavigate } from "react-router";
import { useI18n } from "../i18n/I18nProvider.js";
import { searchPath } from "../router/paths.js";
import { useSiteName } from "../settings/useSiteName.js";

/** The home page: a welcome hero with the site name and a document search box. */
export default function HomePage() {
  const { t } = useI18n();
  const { name } = useSiteName();
  const navigate = useNavigate();
  return (
    <section
      style={{
        padding: "clamp(48px, 12vw, 120px) 16px",
        textAlign: "center",
        background: "linear-gradient(135deg, #e6f4ff 0%, #f0f5ff 50%, #fff 100%)",
      }}
    >
      <Typography.Title data-testid="site-name" style={{ marginBottom: 8 }}>
        {name}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
        {t("home.welcome", { name })} · {t("home.subtitle")}
      </Typography.Paragraph>
      <Input.Search
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
  );
}
