import { EditOutlined } from "@ant-design/icons";
import { skipToken } from "@connectrpc/connect-query";
import { type Article, ArticleAPI } from "@wenku/proto/api/v1/article_pb.js";
import { ContentKind, ReviewStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { Alert, Button, Card, Flex, Result, Skeleton, Tag, theme } from "antd";
import { Link, useParams } from "react-router";
import { useApiQuery } from "../../api/useApiQuery.js";
import { LazyCommentSection } from "../../components/comment/LazyCommentSection.js";
import { Breadcrumb } from "../../components/common/Breadcrumb.js";
import { EllipsisText, Title } from "../../components/common/Text.js";
import { WechatShare } from "../../components/share/WechatShare.js";
import { FavoriteButton } from "../../components/social/FavoriteButton.js";
import { usePageTitle } from "../../hooks/usePageTitle.js";
import { useSizeClass } from "../../hooks/useSizeClass.js";
import { parseUserId } from "../../hooks/useUser.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSettings } from "../../settings/SettingsProvider.js";
import { useSession } from "../../store/SessionProvider.js";
import { ArticleMeta } from "./ArticleMeta.js";
import { articlePath, articleRef, editPath } from "./articleQuery.js";
import "./article.css";

/**
 * /article/{id or identifier}: an article — breadcrumb (articles › its category), title, byline, the
 * HTML body (sanitised by the server when stored and again when read), related articles and, for its
 * author, an edit link and its review state. The footer's single pages (about, agreement …) open here
 * by their identifiers.
 */
export default function ArticlePage() {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const { id: param } = useParams();
  const ref = articleRef(param);
  const session = useSession();
  const article = useApiQuery(ArticleAPI.method.getArticle, ref ?? skipToken, t("art.loadFailed"));
  const mobile = useSizeClass() === "mobile";
  const { system } = useSettings().settings;
  const missing = ref === null || article.error?.status === 404;
  usePageTitle(missing ? t("art.notFound") : article.data?.title);

  if (missing) {
    return (
      <Result
        status="404"
        data-testid="article-not-found"
        title={t("art.notFound")}
        extra={
          <Link to="/article">
            <Button type="primary">{t("page.articleList")}</Button>
          </Link>
        }
      />
    );
  }
  if (article.error) {
    return (
      <Result
        status="error"
        data-testid="article-error"
        title={t("art.loadFailed")}
        subTitle={`${article.error.status} · ${article.error.message}`}
        extra={<Button onClick={article.reload}>{t("doc.retry")}</Button>}
      />
    );
  }
  const a = article.data;
  const mine = !!a && parseUserId(session.user?.id) === a.userId;
  const category = a?.category[0];
  return (
    <div style={{ maxWidth: 1200, margin: "0 auto", padding: mobile ? "8px 8px 32px" : "24px 24px 48px" }}>
      <Breadcrumb
        style={{ marginBottom: 12, paddingInline: mobile ? 4 : 0 }}
        data-testid="article-breadcrumb"
        items={[
          { key: "home", title: t("nav.home"), to: "/" },
          { key: "articles", title: t("nav.articles"), to: "/article" },
          ...(category
            ? [{ key: String(category.id), title: category.title, to: `/article?category_id=${category.id}` }]
            : []),
        ]}
      />
      <Flex gap={24} align="flex-start" wrap={mobile}>
        <div style={{ flex: 1, minWidth: 0, width: mobile ? "100%" : undefined }}>
          <Card styles={{ body: { padding: mobile ? 16 : "28px 36px" } }}>
            {!a ? (
              <Skeleton active title paragraph={{ rows: 10 }} />
            ) : (
              <>
                {mine && <ReviewState article={a} />}
                <h1
                  data-testid="article-title"
                  style={{
                    margin: "0 0 12px",
                    fontSize: mobile ? 22 : 28,
                    lineHeight: 1.35,
                    fontWeight: 600,
                    overflowWrap: "anywhere",
                  }}
                >
                  {a.title}
                </h1>
                <WechatShare
                  title={a.title}
                  desc={a.description || a.title}
                  image={system.logo || system.favicon || "/favicon.ico"}
                />
                <Flex justify="space-between" align="center" wrap gap={8}>
                  <ArticleMeta article={a} />
                  <Flex align="center" gap={8}>
                    {a.status === ReviewStatus.APPROVED && (
                      <FavoriteButton kind={ContentKind.ARTICLE} id={a.id} count={a.favoriteCount} />
                    )}
                    {mine && (
                      <Link to={editPath(a)} data-testid="article-edit">
                        <Button size="small" icon={<EditOutlined />}>
                          {t("art.edit")}
                        </Button>
                      </Link>
                    )}
                  </Flex>
                </Flex>
                {a.keywords && (
                  <Flex wrap gap={4} style={{ marginTop: 10 }}>
                    {a.keywords
                      .split(/[,，]/)
                      .map((k) => k.trim())
                      .filter(Boolean)
                      .map((k) => (
                        <Tag key={k} bordered={false}>
                          {k}
                        </Tag>
                      ))}
                  </Flex>
                )}
                <div
                  style={{ borderTop: `1px solid ${token.colorSplit}`, margin: "16px 0 20px" }}
                  role="presentation"
                />
                <div
                  className="wk-article-body"
                  data-testid="article-body"
                  // The server stores and returns this HTML through its allow-list (sanitize.ts): no script,
                  // event handlers, javascript: URLs or foreign iframes survive it.
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised article HTML
                  dangerouslySetInnerHTML={{ __html: a.content }}
                />
              </>
            )}
          </Card>
          {/* Comments on approved articles (the server takes none on others). */}
          {a && a.status === ReviewStatus.APPROVED && !a.deletedAt && (
            <section id="comments" data-testid="article-comments-slot" style={{ marginTop: 16 }}>
              <LazyCommentSection kind={ContentKind.ARTICLE} targetId={a.id} />
            </section>
          )}
        </div>
        {a && <RelatedArticles article={a} wide={mobile} />}
      </Flex>
    </div>
  );
}

/** The author's own view of an article that is not public yet: in review, or rejected with the reason. */
function ReviewState({ article }: { article: Article }) {
  const { t } = useI18n();
  if (article.status === ReviewStatus.PENDING) {
    return (
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t("art.pending")} data-testid="article-pending" />
    );
  }
  if (article.status === ReviewStatus.REJECTED) {
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="article-rejected"
        title={t("art.rejected")}
        description={article.rejectReason ? t("art.reviewReason", { reason: article.rejectReason }) : undefined}
      />
    );
  }
  return null;
}

/** GetRelatedArticles: other approved articles like this one (titles only). */
function RelatedArticles({ article, wide }: { article: Article; wide: boolean }) {
  const { t } = useI18n();
  const related = useApiQuery(
    ArticleAPI.method.getRelatedArticles,
    { id: article.id, identifier: "" },
    t("art.loadFailed"),
  );
  const items = (related.data?.article ?? []).filter((r) => r.id !== article.id);
  if (!items.length) return null; // no empty column beside the article
  return (
    <Card
      size="small"
      title={<Title level={5}>{t("art.related")}</Title>}
      data-testid="article-related"
      style={{ width: wide ? "100%" : 300, flexShrink: 0 }}
    >
      <ul style={{ margin: 0, padding: 0, listStyle: "none", display: "grid", gap: 10 }}>
        {items.map((r) => (
          <li key={String(r.id)}>
            <Link to={articlePath(r)}>
              <EllipsisText style={{ color: "inherit" }}>{r.title}</EllipsisText>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
