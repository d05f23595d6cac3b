import { CalendarOutlined, EyeOutlined, UserOutlined } from "@ant-design/icons";
import type { Article } from "@wenku/proto/api/v1/article_pb.js";
import { Flex } from "antd";
import { Link } from "react-router";
import { formatTime } from "../../components/common/format.js";
import { SecondaryText } from "../../components/common/Text.js";
import { useI18n } from "../../i18n/I18nProvider.js";

/** Who wrote it: the display author when set, else the publisher's username. */
export const authorOf = (a: Pick<Article, "author" | "username" | "user">): string =>
  a.author || a.user?.username || a.username;

/** An article's byline: author (the publisher's page when there is one), date, views. */
export function ArticleMeta({ article, size = 13 }: { article: Article; size?: number }) {
  const { t } = useI18n();
  const author = authorOf(article);
  const time = formatTime(article.createdAt);
  const date = time === "-" ? "" : time.slice(0, 10);
  return (
    <Flex wrap gap="4px 16px" style={{ fontSize: size }} data-testid="article-meta">
      {author && (
        <SecondaryText style={{ fontSize: size }}>
          <UserOutlined />{" "}
          {article.userId > 0n && !article.author ? (
            <Link to={`/user/${article.userId}`} style={{ color: "inherit" }}>
              {author}
            </Link>
          ) : (
            author
          )}
        </SecondaryText>
      )}
      {date && (
        <SecondaryText style={{ fontSize: size }}>
          <CalendarOutlined /> <time dateTime={date}>{date}</time>
        </SecondaryText>
      )}
      <SecondaryText style={{ fontSize: size }}>
        <EyeOutlined /> {t("art.views", { count: article.viewCount })}
      </SecondaryText>
    </Flex>
  );
}
