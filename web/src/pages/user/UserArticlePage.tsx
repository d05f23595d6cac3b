import { ArticleAPI } from "@wenku/proto/api/v1/article_pb.js";
import { Link } from "react-router";
import { UserContentList, useProfileList } from "../../components/account/UserContentList.js";
import { UserFrame } from "../../components/account/UserFrame.js";
import { useI18n } from "../../i18n/I18nProvider.js";

function Articles() {
  const { t } = useI18n();
  const list = useProfileList(ArticleAPI.method.listArticle, (paging) => ({ ...paging, sort: "latest" }));
  return (
    <UserContentList
      list={list}
      rows={list.data?.article.map((a) => ({
        key: String(a.id),
        title: <Link to={`/article/${a.identifier || a.id}`}>{a.title}</Link>,
        description: a.description,
      }))}
      total={list.data?.total}
      emptyText={t("user.articlesEmpty")}
      testId="user-articles"
    />
  );
}

/** /user/{id}/article: the user's published articles. */
export default function UserArticlePage() {
  return (
    <UserFrame tab="article">
      <Articles />
    </UserFrame>
  );
}
