import { type Comment, CommentAPI } from "@wenku/proto/api/v1/comment_pb.js";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import { Button, Flex, Input, Select, Table, type TableColumnsType, Tag, Typography } from "antd";
import { Link } from "react-router";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { BatchBar, BatchDeleteButton } from "../../../components/admin/BatchBar.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useCan } from "../../../components/admin/permissions.js";
import { ReviewStatusFilter } from "../../../components/admin/ReviewStatusFilter.js";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { BatchReviewButtons, REVIEW_CHECKS, reviewRowActions } from "../../../components/admin/reviewActions.js";
import { titleColumn } from "../../../components/admin/table.js";
import { useConfirm } from "../../../components/admin/useConfirm.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { ReviewStatusTag } from "../../../components/common/ReviewStatusTag.js";
import { useSizeClass } from "../../../hooks/useSizeClass.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { COMMENT_API, commentListRequest, targetPath } from "./commentListQuery.js";

/**
 * /admin/comment: every comment on documents and articles in every review status; filter by keyword,
 * status, kind of target and user; approve, reject and delete one or a selection (a deleted comment's
 * replies go with it). On a phone the status stands under the text.
 */
export default function CommentListPage() {
  const { t } = useI18n();
  const mobile = useSizeClass() === "mobile";
  const can = useCan();
  const confirm = useConfirm();
  const list = useAdminList({
    method: CommentAPI.method.listComment,
    request: commentListRequest,
    rows: (r) => r.comment,
    rowKey: (c) => idKey(c.id),
  });
  const done = { onSuccess: list.clearSelection };
  const check = useAdminMutation(CommentAPI.method.checkComment, { ...done, success: t("adm.comment.checked") });
  const remove = useAdminMutation(CommentAPI.method.deleteComment, { ...done, success: t("adm.common.deleted") });
  const filter = (name: string) => (value: string | readonly (string | number)[] | undefined) =>
    list.setFilter(name, value);
  const mayCheck = can(`${COMMENT_API}/CheckComment`);
  const mayDelete = can(`${COMMENT_API}/DeleteComment`);
  const selected = list.selected;
  const count = selected.length;
  const names = selected.map((c) => c.content.slice(0, 40));

  const text = (c: Comment) => (
    <Flex vertical gap={4} align="flex-start">
      <Typography.Paragraph
        ellipsis={{ rows: 2, tooltip: c.content }}
        style={{ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
        data-testid="admin-comment-content"
      >
        {c.content}
      </Typography.Paragraph>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <Tag style={{ marginInlineEnd: 4 }}>
          {t(c.type === ContentKind.ARTICLE ? "adm.comment.article" : "adm.comment.document")}
        </Tag>
        <Link to={targetPath(c)} target="_blank">
          {c.documentTitle || `#${idKey(c.documentId)}`}
        </Link>
        {c.parentId > 0n && ` · ${t("adm.comment.reply")}`}
      </Typography.Text>
      {mobile && <ReviewStatusTag status={c.status} />}
    </Flex>
  );

  const columns: TableColumnsType<Comment> = [
    { title: t("adm.common.id"), dataIndex: "id", width: 64, responsive: ["md"], render: idKey },
    titleColumn(t("adm.comment.content"), text, 220),
    {
      title: t("adm.comment.user"),
      key: "user",
      responsive: ["md"],
      render: (_, c) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => list.setFilter("userId", idKey(c.userId))}
        >
          {c.user?.username || c.username || `#${idKey(c.userId)}`}
        </Button>
      ),
    },
    ...(mobile
      ? []
      : [
          {
            title: t("adm.common.status"),
            key: "status",
            width: 100,
            render: (_: unknown, c: Comment) => <ReviewStatusTag status={c.status} />,
          },
        ]),
    { title: t("adm.common.createdAt"), dataIndex: "createdAt", render: formatTime, responsive: ["lg"] },
    actionsColumn(t, (c: Comment) => (
      <RowActions
        name={c.content.slice(0, 40)}
        deleteHint={t("adm.comment.deleteHint")}
        actions={
          mayCheck
            ? reviewRowActions({
                t,
                confirm,
                checks: REVIEW_CHECKS,
                current: c.status,
                name: c.content.slice(0, 40),
                run: (status) => check.run({ id: [c.id], status }),
              })
            : []
        }
        onDelete={mayDelete ? () => void remove.run({ id: [c.id] }) : undefined}
      />
    )),
  ];

  const toolbar = (
    <AdminToolbar list={list} searchPlaceholder={t("adm.comment.searchPlaceholder")}>
      <ReviewStatusFilter list={list} testId="comment-status-filter" />
      <Select<string>
        allowClear
        placeholder={t("adm.comment.allTypes")}
        aria-label={t("adm.comment.target")}
        style={{ width: 130 }}
        value={list.query.filters.type}
        options={[
          { value: "document", label: t("adm.comment.document") },
          { value: "article", label: t("adm.comment.article") },
        ]}
        onChange={filter("type")}
      />
      <Input
        key={list.query.filters.userId ?? ""}
        allowClear
        inputMode="numeric"
        placeholder={t("adm.comment.userFilter")}
        aria-label={t("adm.comment.userFilter")}
        style={{ width: 110 }}
        defaultValue={list.query.filters.userId}
        onPressEnter={(e) => filter("userId")(e.currentTarget.value.trim())}
        onBlur={(e) => filter("userId")(e.currentTarget.value.trim())}
      />
    </AdminToolbar>
  );

  return (
    <AdminCard title={t("admin.comment")} toolbar={toolbar} list={list}>
      <BatchBar count={count} testId="comment-batch">
        {mayCheck && (
          <BatchReviewButtons
            checks={REVIEW_CHECKS}
            names={names}
            title={(action, n) => t("adm.comment.batchConfirm", { action, count: n })}
            run={(status) => check.run({ id: selected.map((c) => c.id), status })}
          />
        )}
        {mayDelete && (
          <BatchDeleteButton
            title={t("adm.comment.deleteConfirm", { count })}
            names={names}
            hint={t("adm.comment.deleteHint")}
            onOk={() => remove.run({ id: selected.map((c) => c.id) })}
          />
        )}
      </BatchBar>
      <Table<Comment> {...list.tableProps(mayCheck || mayDelete)} columns={columns} data-testid="comment-table" />
    </AdminCard>
  );
}
