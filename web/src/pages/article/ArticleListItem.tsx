import type { Article } from "@wenku/proto/api/v1/article_pb.js";
import { Tag, theme } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EllipsisText, SecondaryText } from "../../components/common/Text.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { ArticleMeta } from "./ArticleMeta.js";
import { articlePath } from "./articleQuery.js";

/** One article of a list: title (its reader page), summary, byline; `extra` on the right (status, actions). */
export function ArticleListItem({ article, extra, note }: { article: Article; extra?: ReactNode; note?: ReactNode }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  return (
    <article
      data-testid="article-item"
      style={{
        display: "flex",
        flexWrap: "wrap",
        gap: 12,
        alignItems: "flex-start",
        padding: "16px 0",
        borderBottom: `1px solid ${token.colorSplit}`,
      }}
    >
      <div style={{ flex: "1 1 260px", minWidth: 0 }}>
        <h3 style={{ margin: "0 0 6px", fontSize: 17, fontWeight: 600, lineHeight: 1.4, overflowWrap: "anywhere" }}>
          {article.isRecommend && (
            <Tag color="gold" style={{ marginInlineEnd: 6, verticalAlign: 2 }}>
              {t("art.sort.recommend")}
            </Tag>
          )}
          <Link to={articlePath(article)} style={{ color: token.colorText }}>
            {article.title}
          </Link>
        </h3>
        {article.description && (
          <SecondaryText block style={{ marginBottom: 8 }}>
            <EllipsisText rows={2} style={{ color: "inherit" }}>
              {article.description}
            </EllipsisText>
          </SecondaryText>
        )}
        <ArticleMeta article={article} />
        {note}
      </div>
      {extra}
    </article>
  );
}
