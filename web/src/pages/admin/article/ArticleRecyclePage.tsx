import { type Article, ArticleAPI } from "@wenku/proto/api/v1/article_pb.js";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import type { TableColumnsType } from "antd";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useCan } from "../../../components/admin/permissions.js";
import { RecycleBinCard } from "../../../components/admin/RecycleBinCard.js";
import { titleColumn } from "../../../components/admin/table.js";
import { useCategoryOptions } from "../../../components/category/useCategoryOptions.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { ReviewStatusTag } from "../../../components/common/ReviewStatusTag.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { useArticleMutation } from "./ArticleBatchBar.js";
import { ArticleTitleCell } from "./ArticleTitleCell.js";
import { ARTICLE_API, articleListRequest, publisherColumn } from "./articleListQuery.js";

/** /admin/article/recycle: deleted articles; restore them, purge some, or empty the bin. */
export default function ArticleRecyclePage() {
  const { t } = useI18n();
  const can = useCan();
  const { categoryTitle } = useCategoryOptions(CategoryType.ARTICLE);
  const list = useAdminList({
    method: ArticleAPI.method.listRecycleArticle,
    request: articleListRequest,
    rows: (r) => r.article,
    rowKey: (a) => idKey(a.id),
  });
  const done = list.clearSelection;
  const restore = useArticleMutation(ArticleAPI.method.restoreRecycleArticle, done, t("adm.recycle.restored"));
  const purge = useArticleMutation(ArticleAPI.method.deleteRecycleArticle, done, t("adm.common.deleted"));
  const clear = useArticleMutation(ArticleAPI.method.emptyRecycleArticle, done, t("adm.recycle.cleared"));

  const columns: TableColumnsType<Article> = [
    { title: t("adm.common.id"), dataIndex: "id", width: 64, responsive: ["md"], render: idKey },
    titleColumn(t("dl.title"), (a: Article) => <ArticleTitleCell article={a} categoryTitle={categoryTitle} />, 200),
    publisherColumn(t),
    {
      title: t("adm.common.status"),
      key: "status",
      responsive: ["md"],
      render: (_, a) => <ReviewStatusTag status={a.status} reason={a.rejectReason} />,
    },
    { title: t("adm.recycle.deletedAt"), dataIndex: "deletedAt", render: formatTime, responsive: ["sm"] },
  ];

  return (
    <RecycleBinCard
      title={t("admin.article.recycle")}
      list={list}
      columns={columns}
      searchPlaceholder={t("adm.article.searchPlaceholder")}
      rowName={(a) => a.title}
      purgeConfirm={(count) => t("adm.article.purgeConfirm", { count })}
      onRestore={can(`${ARTICLE_API}/RestoreRecycleArticle`) ? (id) => restore.run({ id }) : undefined}
      onPurge={can(`${ARTICLE_API}/DeleteRecycleArticle`) ? (id) => purge.run({ id }) : undefined}
      onClear={can(`${ARTICLE_API}/EmptyRecycleArticle`) ? () => clear.run({}) : undefined}
    />
  );
}
