import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { useMutation } from "@connectrpc/connect-query";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { ArticleAPI } from "@wenku/proto/api/v1/article_pb.js";
import { ReviewStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { App, Button, Empty, Flex, Popconfirm, Space, Spin, Tag, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { toApiError } from "../../api/errors.js";
import { invalidateService } from "../../api/invalidate.js";
import { useApiQuery } from "../../api/useApiQuery.js";
import { MeFrame, useMeUser } from "../../components/account/MeFrame.js";
import { ApiErrorAlert } from "../../components/common/ApiErrorAlert.js";
import { ListPager } from "../../components/common/ListPager.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import type { MessageKey } from "../../i18n/zh-CN.js";
import { ArticleListItem } from "../article/ArticleListItem.js";
import { editPath, LIST_FIELDS } from "../article/articleQuery.js";

export const ME_ARTICLE_PAGE_SIZE = 10;

const STATUS: Record<ReviewStatus, { key: MessageKey; color: string }> = {
  [ReviewStatus.PENDING]: { key: "art.status.pending", color: "processing" },
  [ReviewStatus.APPROVED]: { key: "art.status.approved", color: "success" },
  [ReviewStatus.REJECTED]: { key: "art.status.rejected", color: "error" },
};

function MyArticles() {
  const { t } = useI18n();
  const { user } = useMeUser();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  // Only oneself as user_id: the server then lists one's own articles in every status.
  const list = useApiQuery(
    ArticleAPI.method.listArticle,
    {
      userId: [user.id],
      page: BigInt(page),
      size: BigInt(ME_ARTICLE_PAGE_SIZE),
      sort: "latest",
      field: LIST_FIELDS,
    },
    t("art.loadFailed"),
    { placeholderData: keepPreviousData },
  );
  const remove = useMutation(ArticleAPI.method.deleteArticle, {
    onSuccess: () => {
      void message.success(t("art.deleted"));
      return invalidateService(queryClient, ArticleAPI);
    },
    onError: (cause) => void message.error(toApiError(cause, t("adm.common.deleteFailed")).message),
  });
  const articles = list.data?.article ?? [];
  const total = Number(list.data?.total ?? 0n);
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 4 }}>
        <Typography.Text type="secondary">{list.data ? t("art.count", { count: total }) : "\u00a0"}</Typography.Text>
        <Link to="/post">
          <Button type="primary" icon={<EditOutlined />}>
            {t("art.write")}
          </Button>
        </Link>
      </Flex>
      {list.error && <ApiErrorAlert error={list.error} onRetry={list.reload} />}
      <Spin spinning={list.loading}>
        <div data-testid="me-articles" style={{ minHeight: 120 }}>
          {articles.length === 0 && !list.loading && !list.error && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("art.empty")}>
              <Link to="/post">
                <Button icon={<EditOutlined />}>{t("art.writeFirst")}</Button>
              </Link>
            </Empty>
          )}
          {articles.map((a) => {
            const status = STATUS[a.status] ?? STATUS[ReviewStatus.PENDING];
            return (
              <ArticleListItem
                key={String(a.id)}
                article={a}
                note={
                  a.status === ReviewStatus.REJECTED && a.rejectReason ? (
                    <Typography.Paragraph
                      type="danger"
                      style={{ margin: "6px 0 0", fontSize: 13, overflowWrap: "anywhere" }}
                      data-testid="article-reject-reason"
                    >
                      {t("art.reviewReason", { reason: a.rejectReason })}
                    </Typography.Paragraph>
                  ) : undefined
                }
                extra={
                  <Space size={4} wrap style={{ flexShrink: 0 }}>
                    <Tag color={status.color} data-testid="article-status">
                      {t(status.key)}
                    </Tag>
                    <Link to={editPath(a)}>
                      <Button size="small" type="text" icon={<EditOutlined />}>
                        {t("adm.common.edit")}
                      </Button>
                    </Link>
                    <Popconfirm
                      title={t("adm.common.confirmDeleteOne", { name: a.title })}
                      description={t("art.deleteHint")}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove.mutateAsync({ id: [a.id] }).catch(() => {})}
                    >
                      <Button size="small" type="text" danger icon={<DeleteOutlined />}>
                        {t("adm.common.delete")}
                      </Button>
                    </Popconfirm>
                  </Space>
                }
              />
            );
          })}
          <ListPager total={total} page={page} pageSize={ME_ARTICLE_PAGE_SIZE} onChange={setPage} />
        </div>
      </Spin>
    </>
  );
}

/** /me/article: the user's own articles in every status (in review, published, rejected with the reason). */
export default function MeArticlePage() {
  return (
    <MeFrame title="page.me.article">
      <MyArticles />
    </MeFrame>
  );
}
