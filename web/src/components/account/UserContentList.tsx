import { Empty, List, Spin, Typography } from "antd";
import { type ReactNode, useEffect, useState } from "react";
import { type ApiError, toApiError } from "../../api/errors.js";
import { useI18n } from "../../i18n/I18nProvider.js";

export interface ContentRow {
  key: string;
  title: ReactNode;
  description?: ReactNode;
}

interface ListState {
  rows: ContentRow[];
  total: number;
  loading: boolean;
  error: ApiError | null;
}

export const USER_LIST_PAGE_SIZE = 10;

/**
 * A paged list loaded by `load(page, signal)`. A failed load (e.g. a list RPC that still answers
 * 501) shows an empty state carrying the error, never a crash or made-up rows.
 */
export function UserContentList({
  load,
  emptyText,
  testId,
}: {
  load: (page: number, signal: AbortSignal) => Promise<{ rows: ContentRow[]; total: number }>;
  emptyText: string;
  testId: string;
}) {
  const { t } = useI18n();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<ListState>({ rows: [], total: 0, loading: true, error: null });
  const fallback = t("error.requestFailed");

  useEffect(() => {
    const abort = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    load(page, abort.signal).then(
      ({ rows, total }) => setState({ rows, total, loading: false, error: null }),
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ rows: [], total: 0, loading: false, error: toApiError(error, fallback) });
      },
    );
    return () => abort.abort();
  }, [load, page, fallback]);

  if (state.loading && state.rows.length === 0) return <Spin style={{ display: "block", padding: 32 }} />;
  if (state.error || state.rows.length === 0) {
    return (
      <Empty
        data-testid={testId}
        description={
          state.error ? (
            <Typography.Text type="danger">{t("user.listFailed", { message: state.error.message })}</Typography.Text>
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
      loading={state.loading}
      dataSource={state.rows}
      rowKey="key"
      renderItem={(row) => (
        <List.Item>
          <List.Item.Meta title={row.title} description={row.description} />
        </List.Item>
      )}
      pagination={
        state.total > USER_LIST_PAGE_SIZE
          ? { current: page, pageSize: USER_LIST_PAGE_SIZE, total: state.total, onChange: setPage, size: "small" }
          : false
      }
    />
  );
}
