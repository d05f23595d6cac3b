import { ClearOutlined, DeleteOutlined, UndoOutlined } from "@ant-design/icons";
import { type Article, ArticleAPI } from "@wenku/proto/api/v1/article_pb.js";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { Button, Table, type TableColumnsType } from "antd";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useCan } from "../../../components/admin/permissions.js";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { titleColumn } from "../../../components/admin/table.js";
import { useConfirm } from "../../../components/admin/useConfirm.js";
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
  const confirm = useConfirm();
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
  const canRestore = can(`${ARTICLE_API}/RestoreRecycleArticle`);
  const canPurge = can(`${ARTICLE_API}/DeleteRecycleArticle`);

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
    actionsColumn(t, (a: Article) => (
      <RowActions
        actions={[
          canRestore && {
            key: "restore",
            label: t("adm.recycle.restore"),
            icon: <UndoOutlined />,
            onClick: () => void restore.run({ id: [a.id] }),
          },
          canPurge && {
            key: "purge",
            label: t("adm.recycle.purge"),
            icon: <DeleteOutlined />,
            danger: true,
            confirm: {
              title: t("adm.common.confirmAction", { action: t("adm.recycle.purge"), name: a.title }),
              description: t("adm.recycle.purgeHint"),
            },
            onClick: () => void purge.run({ id: [a.id] }),
          },
        ]}
      />
    )),
  ];

  const toolbar = (
    <AdminToolbar
      list={list}
      searchPlaceholder={t("adm.article.searchPlaceholder")}
      batch={
        canRestore && (
          <Button
            icon={<UndoOutlined />}
            disabled={list.selected.length === 0}
            onClick={() => void restore.run({ id: list.selected.map((a) => a.id) })}
            data-testid="recycle-restore"
          >
            {t("adm.recycle.restoreSelected")}
          </Button>
        )
      }
      onBatchDelete={canPurge ? (rows) => purge.run({ id: rows.map((a) => a.id) }) : undefined}
      batchDeleteLabel={t("adm.recycle.purge")}
      batchDeleteTitle={(count) => t("adm.article.purgeConfirm", { count })}
      batchDeleteHint={t("adm.recycle.purgeHint")}
      rowName={(a) => a.title}
    >
      {can(`${ARTICLE_API}/EmptyRecycleArticle`) && (
        <Button
          danger
          type="primary"
          icon={<ClearOutlined />}
          disabled={list.total === 0}
          onClick={() =>
            confirm({
              title: t("adm.recycle.clearConfirm"),
              hint: `${t("adm.common.total", { total: list.total })} · ${t("adm.recycle.purgeHint")}`,
              onOk: () => clear.run({}),
            })
          }
          data-testid="recycle-clear"
        >
          {t("adm.recycle.clear")}
        </Button>
      )}
    </AdminToolbar>
  );

  return (
    <AdminCard title={t("admin.article.recycle")} toolbar={toolbar} list={list}>
      <Table<Article>
        {...list.tableProps(canRestore || canPurge)}
        columns={columns}
        scroll={{ x: "max-content" }}
        data-testid="recycle-table"
      />
    </AdminCard>
  );
}
