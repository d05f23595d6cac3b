import { ArticleAPI } from "@wenku/proto/api/v1/article_pb.js";
import { useCallback } from "react";
import { Link } from "react-router";
import { useClient } from "../../api/client.js";
import { USER_LIST_PAGE_SIZE, UserContentList } from "../../components/account/UserContentList.js";
import { UserFrame, useProfileUser } from "../../components/account/UserFrame.js";
import { useI18n } from "../../i18n/I18nProvider.js";

function Articles() {
  const { t } = useI18n();
  const user = useProfileUser();
  const articles = useClient(ArticleAPI);
  const load = useCallback(
    async (page: number, signal: AbortSignal) => {
      const reply = await articles.listArticle(
        { userId: [user.id], page: BigInt(page), size: BigInt(USER_LIST_PAGE_SIZE), sort: "latest" },
        { signal },
      );
      return {
        total: Number(reply.total),
        rows: reply.article.map((a) => ({
          key: String(a.id),
          title: <Link to={`/article/${a.identifier || a.id}`}>{a.title}</Link>,
          description: a.description,
        })),
      };
    },
    [articles, user.id],
  );
  return <UserContentList load={load} emptyText={t("user.articlesEmpty")} testId="user-articles" />;
}

/** /user/{id}/article: the user's published articles. */
export default function UserArticlePage() {
  return (
    <UserFrame tab="article">
      <Articles />
    </UserFrame>
  );
}
