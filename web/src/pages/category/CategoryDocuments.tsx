import { keepPreviousData } from "@tanstack/react-query";
import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { Button, Empty, Space, Spin, Typography, theme } from "antd";
import { useApiQuery } from "../../api/useApiQuery.js";
import { ListPager } from "../../components/common/ListPager.js";
import { DocumentCard } from "../../components/document/DocumentCard.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { type CategoryFilters, SORT_ORDERS, TYPE_FILTERS } from "./categoryFilters.js";

export const CATEGORY_PAGE_SIZE = 20;

/**
 * The documents of one category with the page's type and sort filters, as a grid of cards. A failed
 * load says so with the server's status and message (and offers a retry): nothing is made up.
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
  const docs = useApiQuery(
    DocumentAPI.method.listDocument,
    {
      page: BigInt(filters.page),
      size: BigInt(CATEGORY_PAGE_SIZE),
      categoryId: [categoryId],
      order: SORT_ORDERS[filters.sort],
      ext: filters.type ? [...TYPE_FILTERS[filters.type]] : [],
    },
    t("cat.docsFailed"),
    // The current page stays (dimmed) while the next page or filter loads.
    { placeholderData: keepPreviousData },
  );
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
            <Button size="small" onClick={docs.reload} style={{ marginTop: 8 }}>
              {t("adm.common.retry")}
            </Button>
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
        <div
          style={{
            display: "grid",
            gridTemplateColumns: "repeat(auto-fill, minmax(min(280px, 100%), 1fr))",
            gap: "4px 24px",
          }}
        >
          {documents.map((doc) => (
            <div key={String(doc.id)} style={{ padding: "12px 0", borderBottom: `1px solid ${token.colorSplit}` }}>
              <DocumentCard document={doc} coverWidth={64} />
            </div>
          ))}
        </div>
        <ListPager total={total} page={filters.page} pageSize={CATEGORY_PAGE_SIZE} onChange={onPage} />
      </div>
    </Spin>
  );
}
