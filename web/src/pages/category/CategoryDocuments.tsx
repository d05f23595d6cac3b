import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { Empty, Flex, Pagination, Space, Spin, Tag, Typography, theme } from "antd";
import { useCallback } from "react";
import { Link } from "react-router";
import { useClient } from "../../api/client.js";
import { formatTime } from "../../components/admin/format.js";
import { useRemote } from "../../components/admin/remote.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { type CategoryFilters, SORT_ORDERS, TYPE_FILTERS } from "./categoryFilters.js";

export const CATEGORY_PAGE_SIZE = 20;

/**
 * The documents of one category with the page's filters. While the document slice does not answer
 * (501), the list says so with the server's status and message: nothing is made up.
 */
export function CategoryDocuments({
  categoryId,
  filters,
  onPage,
}: {
  categoryId: bigint;
  filters: CategoryFilters;
  onPage: (page: number) => void;
}) {
  const { t } = useI18n();
  const client = useClient(DocumentAPI);
  const load = useCallback(
    (signal: AbortSignal) =>
      client.listDocument(
        {
          page: BigInt(filters.page),
          size: BigInt(CATEGORY_PAGE_SIZE),
          categoryId: [categoryId],
          order: SORT_ORDERS[filters.sort],
          ext: filters.type ? [...TYPE_FILTERS[filters.type]] : [],
        },
        { signal },
      ),
    [client, categoryId, filters.page, filters.sort, filters.type],
  );
  const docs = useRemote(load, t("cat.docsFailed"));
  const { token } = theme.useToken();

  if (docs.error) {
    return (
      <Empty
        data-testid="category-docs-error"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <Space orientation="vertical" size={2}>
            <span>{t("cat.docsFailed")}</span>
            <Typography.Text type="secondary">
              {docs.error.status} · {docs.error.message}
            </Typography.Text>
          </Space>
        }
      />
    );
  }

  const documents = docs.data?.document ?? [];
  const total = Number(docs.data?.total ?? 0n);
  return (
    <Spin spinning={docs.loading}>
      <div data-testid="category-docs" style={{ minHeight: 120 }}>
        {documents.length === 0 && !docs.loading && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("cat.noDocs")} />
        )}
        <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {documents.map((doc) => (
            <li key={String(doc.id)} style={{ padding: "12px 0", borderBottom: `1px solid ${token.colorSplit}` }}>
              <Space size={6} wrap>
                {doc.ext && <Tag style={{ marginInlineEnd: 0 }}>{doc.ext.replace(/^\./, "").toUpperCase()}</Tag>}
                <Link to={`/document/${doc.id}`} style={{ fontSize: 15 }}>
                  {doc.title}
                </Link>
              </Space>
              <Flex wrap gap={12} style={{ marginTop: 4, color: token.colorTextSecondary, fontSize: 13 }}>
                <span>{t("cat.pages", { count: doc.pages })}</span>
                <span>{t("cat.views", { count: doc.viewCount })}</span>
                <span>{t("cat.downloads", { count: doc.downloadCount })}</span>
                <span>{formatTime(doc.createdAt)}</span>
              </Flex>
            </li>
          ))}
        </ul>
        {total > CATEGORY_PAGE_SIZE && (
          <Pagination
            style={{ marginTop: 16, justifyContent: "center" }}
            current={filters.page}
            pageSize={CATEGORY_PAGE_SIZE}
            total={total}
            showSizeChanger={false}
            onChange={onPage}
          />
        )}
      </div>
    </Spin>
  );
}
