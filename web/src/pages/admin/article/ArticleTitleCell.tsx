import { LikeFilled, NotificationFilled } from "@ant-design/icons";
import type { Article } from "@wenku/proto/api/v1/article_pb.js";
import { Flex, Tooltip, Typography } from "antd";
import { Link } from "react-router";
import { formatTime } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { articlePath } from "./articleListQuery.js";

/** Title cell of the article tables: linked title, identifier, recommended and notice marks, categories. */
export function ArticleTitleCell({
  article,
  categoryTitle,
}: {
  article: Article;
  categoryTitle: (id: bigint) => string | undefined;
}) {
  const { t } = useI18n();
  const categories = article.category.length
    ? article.category.map((c) => c.title)
    : article.categoryId.map((id) => categoryTitle(id) ?? `#${id}`);
  const meta = [article.identifier && `/${article.identifier}`, categories.join(" / ")].filter(Boolean).join(" · ");
  return (
    <Flex vertical gap={2} style={{ minWidth: 200, maxWidth: 320 }}>
      <Flex gap={6} align="center">
        <Link to={articlePath(article)} style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: article.title }} style={{ color: "inherit" }}>
            {article.title}
          </Typography.Text>
        </Link>
        {article.isRecommend && (
          <Tooltip title={`${t("adm.doc.recommended")} · ${formatTime(article.recommendAt)}`}>
            <LikeFilled style={{ color: "#fa8c16" }} aria-label={t("adm.doc.recommended")} />
          </Tooltip>
        )}
        {article.isNotice && (
          <Tooltip title={`${t("adm.article.isNotice")} · ${formatTime(article.noticeAt)}`}>
            <NotificationFilled style={{ color: "#1677ff" }} aria-label={t("adm.article.isNotice")} />
          </Tooltip>
        )}
      </Flex>
      {meta && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
          {meta}
        </Typography.Text>
      )}
    </Flex>
  );
}
