import { keepPreviousData } from "@tanstack/react-query";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import { SearchAPI } from "@wenku/proto/api/v1/search_pb.js";
import { Button, Empty, Flex, Pagination, Result, Skeleton, Spin, Typography, theme } from "antd";
import { useApiQuery } from "../../api/useApiQuery.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { PopularSearches } from "./PopularSearches.js";
import { ArticleSearchHit, SearchHit } from "./SearchHit.js";
import { isNarrowed, type SearchFilters } from "./searchFilters.js";

export const SEARCH_PAGE_SIZE = 10;

/** "0.012s" → "0.012"; anything else as the server wrote it. */
const seconds = (spend: string): string => {
  const value = Number.parseFloat(spend);
  return Number.isFinite(value) ? value.toFixed(3) : spend;
};

/**
 * The documents or articles found for a search (SearchAPI.Search, by the filters' type): how many and
 * how fast, the hits, paging; a skeleton on the first load, the previous page dimmed while the next loads, the
 * server's error with a retry, and an empty state that echoes the query and says what to try.
 */
export function SearchResults({
  filters,
  mobile,
  onPage,
  onClearFilters,
}: {
  filters: SearchFilters;
  mobile: boolean;
  onPage: (page: number) => void;
  onClearFilters: () => void;
}) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const search = useApiQuery(
    SearchAPI.method.search,
    {
      wd: filters.wd,
      type: filters.type === 1 ? ContentKind.ARTICLE : ContentKind.DOCUMENT,
      page: BigInt(filters.page),
      size: BigInt(SEARCH_PAGE_SIZE),
      sort: filters.sort,
      ext: filters.ext ?? "",
      categoryId: filters.category === null ? [] : [filters.category],
    },
    t("search.failed"),
    { placeholderData: keepPreviousData },
  );

  if (search.error) {
    return (
      <Result
        status="error"
        data-testid="search-error"
        title={t("search.failed")}
        subTitle={`${search.error.status} · ${search.error.message}`}
        extra={<Button onClick={search.reload}>{t("adm.common.retry")}</Button>}
      />
    );
  }
  if (!search.data) {
    return (
      <div data-testid="search-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} active title={{ width: "60%" }} paragraph={{ rows: 2 }} style={{ padding: "12px 0" }} />
        ))}
      </div>
    );
  }

  const { document: documents, hit: hits, article: articles, articleHit, total, spend } = search.data;
  const hitOf = new Map(hits.map((h) => [h.documentId, h]));
  const articleHitOf = new Map(articleHit.map((h) => [h.articleId, h]));
  const items =
    filters.type === 1
      ? articles.map((a) => ({
          key: String(a.id),
          node: <ArticleSearchHit article={a} hit={articleHitOf.get(a.id)} />,
        }))
      : documents.map((d) => ({
          key: String(d.id),
          node: <SearchHit document={d} hit={hitOf.get(d.id)} />,
        }));
  if (items.length === 0) {
    return (
      <Empty
        data-testid="search-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <Flex vertical gap={6} align="center">
            <Typography.Text strong style={{ wordBreak: "break-word" }}>
              {t(filters.type === 1 ? "search.noArticles" : "search.noResults", { wd: filters.wd })}
            </Typography.Text>
            <ul style={{ margin: 0, paddingInlineStart: 18, textAlign: "start", color: token.colorTextSecondary }}>
              <li>{t("search.tipSpelling")}</li>
              <li>{t("search.tipShorter")}</li>
              {isNarrowed(filters) && <li>{t("search.tipFilters")}</li>}
            </ul>
            {isNarrowed(filters) && (
              <Button size="small" onClick={onClearFilters} style={{ marginTop: 4 }}>
                {t("search.clearFilters")}
              </Button>
            )}
            <PopularSearches />
          </Flex>
        }
      />
    );
  }
  return (
    <Spin spinning={search.loading}>
      <Typography.Text type="secondary" data-testid="search-summary" style={{ fontSize: 13 }}>
        {t("search.summary", {
          // a very common word: the index stopped counting at this many
          total: `${Number(total).toLocaleString()}${search.data.totalIsLowerBound ? "+" : ""}`,
          seconds: seconds(spend),
        })}
      </Typography.Text>
      <ol data-testid="search-hits" style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {items.map((item, i) => (
          <li
            key={item.key}
            style={{
              padding: mobile ? "12px 0" : "16px 0",
              borderBottom: i < items.length - 1 ? `1px solid ${token.colorSplit}` : undefined,
            }}
          >
            {item.node}
          </li>
        ))}
      </ol>
      {Number(total) > SEARCH_PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 20, justifyContent: "center" }}
          current={filters.page}
          pageSize={SEARCH_PAGE_SIZE}
          total={Number(total)}
          showSizeChanger={false}
          simple={mobile}
          onChange={onPage}
        />
      )}
    </Spin>
  );
}
