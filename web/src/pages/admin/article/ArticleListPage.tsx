import { LikeOutlined, NotificationOutlined, PlusOutlined } from "@ant-design/icons";
import { type Article, ArticleAPI } from "@wenku/proto/api/v1/article_pb.js";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { Button, Flex, Select, Table, type TableColumnsType } from "antd";
import { useNavigate } from "react-router";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { CategoryFilter } from "../../../components/admin/CategoryFilter.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useCan } from "../../../components/admin/permissions.js";
import { ReviewStatusFilter } from "../../../components/admin/ReviewStatusFilter.js";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { REVIEW_CHECKS, reviewRowActions } from "../../../components/admin/reviewActions.js";
import { titleColumn } from "../../../components/admin/table.js";
import { useConfirm } from "../../../components/admin/useConfirm.js";
import { useCategoryOptions } from "../../../components/category/useCategoryOptions.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { ReviewStatusTag } from "../../../components/common/ReviewStatusTag.js";
import { useSizeClass } from "../../../hooks/useSizeClass.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { ArticleBatchBar, articleReasonInput, checkRequest, useArticleMutation } from "./ArticleBatchBar.js";
import { ArticleTitleCell } from "./ArticleTitleCell.js";
import { ARTICLE_API, articleListRequest, publisherColumn } from "./articleListQuery.js";

/**
 * /admin/article/list: every live article in every review status; filter by keyword, status,
 * category and recommendation; review (approve, reject with a reason), recommend, mark as a site
 * notice (the home page lists the latest), edit in
 * /admin/article/set, delete to the bin; the same on a selection. On a phone the status stands
 * under the title.
 */
export default function ArticleListPage() {
  const { t } = useI18n();
  const mobile = useSizeClass() === "mobile";
  const can = useCan();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const options = useCategoryOptions(CategoryType.ARTICLE);
  const list = useAdminList({
    method: ArticleAPI.method.listArticle,
    request: articleListRequest,
    rows: (r) => r.article,
    rowKey: (a) => idKey(a.id),
  });
  const done = list.clearSelection;
  const check = useArticleMutation(ArticleAPI.method.checkArticles, done);
  const recommend = useArticleMutation(ArticleAPI.method.recommendArticles, done);
  const notice = useArticleMutation(ArticleAPI.method.setArticlesNotice, done);
  const remove = useArticleMutation(ArticleAPI.method.deleteArticle, done, t("adm.common.deleted"));
  const filter = (name: string) => (value: string | readonly (string | number)[] | undefined) =>
    list.setFilter(name, value);
  const status = (a: Article) => <ReviewStatusTag status={a.status} reason={a.rejectReason} />;

  const columns: TableColumnsType<Article> = [
    { title: t("adm.common.id"), dataIndex: "id", width: 64, responsive: ["md"], render: idKey },
    titleColumn(
      t("dl.title"),
      (a: Article) =>
        mobile ? (
          <Flex vertical gap={4} align="flex-start">
            <ArticleTitleCell article={a} categoryTitle={options.categoryTitle} />
            {status(a)}
          </Flex>
        ) : (
          <ArticleTitleCell article={a} categoryTitle={options.categoryTitle} />
        ),
      200,
    ),
    publisherColumn(t),
    ...(mobile
      ? []
      : [{ title: t("adm.common.status"), key: "status", width: 110, render: (_: unknown, a: Article) => status(a) }]),
    {
      title: t("adm.article.viewsComments"),
      key: "counts",
      responsive: ["lg"],
      render: (_, a) => `${a.viewCount} / ${a.commentCount}`,
    },
    { title: t("adm.common.createdAt"), dataIndex: "createdAt", render: formatTime, responsive: ["lg"] },
    actionsColumn(t, (a: Article) => (
      <RowActions
        name={a.title}
        deleteHint={t("adm.article.deleteHint")}
        actions={[
          ...(can(`${ARTICLE_API}/CheckArticles`)
            ? reviewRowActions({
                t,
                confirm,
                checks: REVIEW_CHECKS,
                current: a.status,
                name: a.title,
                reason: articleReasonInput(t),
                run: (status, reason) => check.run(checkRequest([a.id], status, reason)),
              })
            : []),
          can(`${ARTICLE_API}/RecommendArticles`) && {
            key: "recommend",
            label: t(a.isRecommend ? "adm.doc.unrecommend" : "adm.doc.recommend"),
            icon: <LikeOutlined />,
            onClick: () => void recommend.run({ articleId: [a.id], isRecommend: !a.isRecommend }),
          },
          can(`${ARTICLE_API}/SetArticlesNotice`) && {
            key: "notice",
            label: t(a.isNotice ? "adm.article.unnotice" : "adm.article.notice"),
            icon: <NotificationOutlined />,
            onClick: () => void notice.run({ articleId: [a.id], isNotice: !a.isNotice }),
          },
        ]}
        onEdit={
          can(`${ARTICLE_API}/UpdateArticle`) ? () => navigate(`/admin/article/set?id=${idKey(a.id)}`) : undefined
        }
        onDelete={can(`${ARTICLE_API}/DeleteArticle`) ? () => void remove.run({ id: [a.id] }) : undefined}
      />
    )),
  ];

  const toolbar = (
    <AdminToolbar list={list} searchPlaceholder={t("adm.article.searchPlaceholder")}>
      <ReviewStatusFilter list={list} testId="article-status-filter" />
      <CategoryFilter list={list} options={options.categoryOptions} />
      <Select<string>
        allowClear
        placeholder={t("adm.article.allRecommend")}
        style={{ width: 130 }}
        value={list.query.filters.recommend}
        options={[
          { value: "1", label: t("adm.doc.recommended") },
          { value: "0", label: t("adm.article.notRecommended") },
        ]}
        onChange={filter("recommend")}
      />
      {can(`${ARTICLE_API}/UpdateArticle`) && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate("/admin/article/set")}>
          {t("adm.article.create")}
        </Button>
      )}
    </AdminToolbar>
  );

  return (
    <AdminCard title={t("admin.article.list")} toolbar={toolbar} list={list}>
      <ArticleBatchBar selected={list.selected} options={options} can={can} onDone={list.clearSelection} />
      <Table<Article> {...list.tableProps(true)} columns={columns} data-testid="article-table" />
    </AdminCard>
  );
}
