import { useQuery } from "@connectrpc/connect-query";
import { SearchAPI } from "@wenku/proto/api/v1/search_pb.js";
import { Flex, Typography, theme } from "antd";
import { Link } from "react-router";
import { useI18n } from "../../i18n/I18nProvider.js";
import { searchPath } from "../../router/paths.js";

/** How many keywords the empty search page suggests. */
const POPULAR_LIMIT = 12;

/**
 * The keywords most people searched lately (SearchAPI.ListPopularSearch), each a link that runs that
 * search. Nothing at all while they load, when there are none or when they cannot be read: they are a
 * suggestion, never in the way.
 */
export function PopularSearches({ align = "center" }: { align?: "center" | "start" }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const popular = useQuery(SearchAPI.method.listPopularSearch, { limit: POPULAR_LIMIT }).data?.search ?? [];
  const links = popular.flatMap((p) => {
    const to = searchPath(p.keywords, 0);
    return to ? [{ keywords: p.keywords, to }] : [];
  });
  if (!links.length) return null;
  return (
    <nav aria-label={t("search.popular")} data-testid="search-popular" style={{ marginTop: 16 }}>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {t("search.popular")}
      </Typography.Text>
      <Flex wrap gap={8} justify={align === "center" ? "center" : "flex-start"} style={{ marginTop: 8 }}>
        {links.map((l) => (
          <Link
            key={l.keywords}
            to={l.to}
            data-testid="search-popular-tag"
            style={{
              padding: "2px 10px",
              borderRadius: token.borderRadiusSM,
              border: `1px solid ${token.colorBorderSecondary}`,
              background: token.colorFillQuaternary,
              color: token.colorText,
              fontSize: 13,
              lineHeight: "22px",
              maxWidth: "100%",
              overflowWrap: "anywhere",
            }}
          >
            {l.keywords}
          </Link>
        ))}
      </Flex>
    </nav>
  );
}
