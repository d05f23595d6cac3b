import { EditOutlined } from "@ant-design/icons";
import { keepPreviousData } from "@tanstack/react-query";
import { ArticleAPI } from "@wenku/proto/api/v1/article_pb.js";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { Button, Card, Empty, Spin, theme } from "antd";
import { useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { useApiQuery } from "../../api/useApiQuery.js";
import { ApiErrorAlert } from "../../components/common/ApiErrorAlert.js";
import { ListPager } from "../../components/common/ListPager.js";
import { EllipsisText, Title } from "../../components/common/Text.js";
import { usePageTitle } from "../../hooks/usePageTitle.js";
import { usePublicCategories } from "../../hooks/usePublicCategories.js";
import { useSizeClass } from "../../hooks/useSizeClass.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { FilterRow } from "../category/FilterRow.js";
import { ArticleListItem } from "./ArticleListItem.js";
import {
  ARTICLE_PAGE_SIZE,
  ARTICLE_SORTS,
  type ArticleListState,
  type ArticleSort,
  articlePath,
  LIST_FIELDS,
  listRequest,
  listSearch,
  readListState,
} from "./articleQuery.js";
import { categoriesInOrder } from "./categoryOptions.js";

/**
 * /article: the approved articles, filtered by an article category (?category_id=), ordered latest,
 * recommended or popular (?sort=), paged (?page=); beside them (desktop) the recommended articles and a
 * "write" button. The article layout shows no footer here.
 */
export default function ArticleListPage() {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const mobile = useSizeClass() !== "desktop";
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const go = (next: Partial<ArticleListState>) => {
    const merged = { ...state, page: 1, ...next };
    setParams(new URLSearchParams(listSearch(merged)));
    window.scrollTo({ top: 0 });
  };
  const categories = usePublicCategories(CategoryType.ARTICLE, t("art.loadFailed"));
  const current = categories.categories?.find((c) => c.id === state.categoryId);
  usePageTitle(current?.title);
  const list = useApiQuery(ArticleAPI.method.listArticle, listRequest(state), t("art.loadFailed"), {
    placeholderData: keepPreviousData,
  });
  const categoryOptions = useMemo(
    () => [
      { value: "", label: t("art.all") },
      ...categoriesInOrder(categories.categories ?? []).map(({ item }) => ({
        value: String(item.id),
        label: item.title,
      })),
    ],
    [categories.categories, t],
  );
  const articles = list.data?.article ?? [];
  const total = Number(list.data?.total ?? 0n);

  return (
    <div
      style={{
        maxWidth: 1200,
        margin: "0 auto",
        padding: mobile ? "12px 12px 32px" : "24px 24px 48px",
        display: "flex",
        gap: 24,
        alignItems: "flex-start",
      }}
    >
      <main style={{ flex: 1, minWidth: 0 }} data-testid="article-list">
        <Card size="small" style={{ marginBottom: 16 }} styles={{ body: { display: "grid", gap: 8 } }}>
          {categoryOptions.length > 1 && (
            <FilterRow
              label={t("nav.articleCategories")}
              value={state.categoryId === null ? "" : String(state.categoryId)}
              options={categoryOptions}
              onChange={(value) => go({ categoryId: value ? BigInt(value) : null })}
            />
          )}
          <FilterRow
            label={t("cat.sort")}
            value={state.sort}
            options={ARTICLE_SORTS.map((s) => ({ value: s, label: t(`art.sort.${s}`) }))}
            onChange={(value) => go({ sort: value as ArticleSort })}
          />
        </Card>
        {categories.error && <ApiErrorAlert error={categories.error} onRetry={categories.reload} />}
        {list.error && <ApiErrorAlert error={list.error} onRetry={list.reload} />}
        <Spin spinning={list.loading}>
          <div style={{ minHeight: 160, background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
            <div style={{ padding: mobile ? "0 12px" : "0 20px" }}>
              {articles.map((a) => (
                <ArticleListItem key={String(a.id)} article={a} />
              ))}
            </div>
            {articles.length === 0 && !list.loading && !list.error && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("art.empty")} style={{ padding: 32 }} />
            )}
          </div>
        </Spin>
        <ListPager
          total={total}
          page={state.page}
          pageSize={ARTICLE_PAGE_SIZE}
          simple={mobile}
          onChange={(page) => go({ ...state, page })}
        />
      </main>
      {!mobile && (
        <aside style={{ width: 300, flexShrink: 0, display: "grid", gap: 16 }}>
          <Link to="/post">
            <Button type="primary" block size="large" icon={<EditOutlined />}>
              {t("art.write")}
            </Button>
          </Link>
          <RecommendedArticles />
        </aside>
      )}
    </div>
  );
}

/** The recommended articles (titles only), newest recommendation first. */
function RecommendedArticles() {
  const { t } = useI18n();
  const list = useApiQuery(
    ArticleAPI.method.listArticle,
    { page: 1n, size: 8n, sort: "recommend", isRecommend: [true], field: LIST_FIELDS },
    t("art.loadFailed"),
  );
  const articles = list.data?.article ?? [];
  if (!articles.length) return null;
  return (
    <Card size="small" title={<Title level={5}>{t("art.recommended")}</Title>} data-testid="article-recommended">
      <ol style={{ margin: 0, paddingInlineStart: 20, display: "grid", gap: 8 }}>
        {articles.map((a) => (
          <li key={String(a.id)}>
            <Link to={articlePath(a)}>
              <EllipsisText style={{ color: "inherit" }}>{a.title}</EllipsisText>
            </Link>
          </li>
        ))}
      </ol>
    </Card>
  );
}
