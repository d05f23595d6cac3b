import { keepPreviousData } from "@tanstack/react-query";
import { ArticleAPI } from "@wenku/proto/api/v1/article_pb.js";
import { useState } from "react";
import { Link } from "react-router";
import { useApiQuery } from "../../api/useApiQuery.js";
import { USER_LIST_PAGE_SIZE, UserContentList } from "../../components/account/UserContentList.js";
import { UserFrame, useProfileUser } from "../../components/account/UserFrame.js";
import { useI18n } from "../../i18n/I18nProvider.js";

function Articles() {
  const { t } = useI18n();
  const user = useProfileUser();
  const [page, setPage] = useState(1);
  const list = useApiQuery(
    ArticleAPI.method.listArticle,
    { userId: [user.id], page: BigInt(page), size: BigInt(USER_LIST_PAGE_SIZE), sort: "latest" },
    t("error.requestFailed"),
    { placeholderData: keepPreviousData },
  );
  const rows = list.data?.article.map((a) => ({
    key: String(a.id),
    title: <Link to={`/article/${a.identifier || a.id}`}>{a.title}</Link>,
    description: a.description,
  }));
  return (
    <UserContentList
      rows={rows}
      total={Number(list.data?.total ?? 0n)}
      loading={list.loading}
      error={list.error}
      page={page}
      onPage={setPage}
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
