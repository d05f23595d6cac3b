import { Empty, List, Spin, Typography } from "antd";
import type { ReactNode } from "react";
import type { ApiError } from "../../api/errors.js";
import { useI18n } from "../../i18n/I18nProvider.js";

export interface ContentRow {
  key: string;
  title: ReactNode;
  description?: ReactNode;
}

export const USER_LIST_PAGE_SIZE = 10;

/**
 * One page of a user's documents or articles (the page's query supplies rows, total and state). A
 * failed load (e.g. a list RPC that still answers 501) shows an empty state carrying the error,
 * never a crash or made-up rows.
 */
export function UserContentList({
  rows,
  total,
  loading,
  error,
  page,
  onPage,
  emptyText,
  testId,
}: {
  rows: ContentRow[] | undefined;
  total: number;
  loading: boolean;
  error: ApiError | null;
  page: number;
  onPage: (page: number) => void;
  emptyText: string;
  testId: string;
}) {
  const { t } = useI18n();
  if (!rows && !error) return <Spin style={{ display: "block", padding: 32 }} />;
  if (error || !rows || rows.length === 0) {
    return (
      <Empty
        data-testid={testId}
        description={
          error ? (
            <Typography.Text type="danger">{t("user.listFailed", { message: error.message })}</Typography.Text>
          ) : (
            emptyText
          )
        }
      />
    );
  }
  return (
    <List
      data-testid={testId}
      loading={loading}
      dataSource={rows}
      rowKey="key"
      renderItem={(row) => (
        <List.Item>
          <List.Item.Meta title={row.title} description={row.description} />
        </List.Item>
      )}
      pagination={
        total > USER_LIST_PAGE_SIZE
          ? { current: page, pageSize: USER_LIST_PAGE_SIZE, total, onChange: onPage, size: "small" }
          : false
      }
    />
  );
}
