import type { DescMessage, DescMethodUnary, MessageInitShape, MessageShape } from "@bufbuild/protobuf";
import { useQuery } from "@connectrpc/connect-query";
import { keepPreviousData } from "@tanstack/react-query";
import type { TablePaginationConfig, TableProps } from "antd";
import type { Key } from "react";
import { useCallback, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { type ApiError, toApiError } from "../../../api/errors.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { tablePagination } from "../table.js";

/** What a list shows: its page, page size, search keyword and named filters, all read from the URL. */
export interface ListQuery {
  page: number;
  size: number;
  wd: string;
  /** Filter values as the URL holds them ("6,3" for a multiple choice); unset filters are absent. */
  filters: Readonly<Record<string, string>>;
}

export interface AdminListConfig<I extends DescMessage, O extends DescMessage, Row> {
  /** The list call, e.g. GroupAPI.method.listGroup. */
  method: DescMethodUnary<I, O>;
  /** The request for the current query. */
  request: (query: ListQuery) => MessageInitShape<I>;
  /** The table rows of a response. */
  rows: (response: MessageShape<O>) => Row[];
  rowKey: (row: Row) => string;
  /** Rows a page; 0 shows everything on one page (the trees: navigation, categories). Default 10. */
  pageSize?: number;
  /**
   * While work shown on the page is under way (a crawl, a download), how often to read the page again
   * in ms; false when nothing on it can change by itself. Default: never.
   */
  poll?: (rows: Row[]) => number | false;
}

export interface AdminList<Row> {
  query: ListQuery;
  rows: Row[];
  total: number;
  loading: boolean;
  error: ApiError | null;
  /** Loads the list again (refresh button, after a retry). */
  reload: () => void;
  search: (wd: string) => void;
  /** Sets (or, with undefined / [] / "", clears) one filter and goes back to page 1. */
  setFilter: (name: string, value: string | readonly (string | number)[] | undefined) => void;
  /** A multiple-choice filter's values. */
  filterValues: (name: string) => string[];
  selected: Row[];
  clearSelection: () => void;
  /** Props for the antd Table: rows, key, loading, server-side paging and (when `selectable`) row selection. */
  tableProps: (
    selectable: boolean,
  ) => Pick<
    TableProps<Row>,
    "rowKey" | "dataSource" | "loading" | "pagination" | "rowSelection" | "scroll" | "tableLayout" | "className"
  >;
}

const RESERVED = new Set(["page", "size", "wd"]);

/**
 * How every admin table lays out: as wide as its container, its cells wrapping to fit (auto layout),
 * and scrolling sideways only when even then they do not fit (a phone). With `x: "max-content"` the
 * columns never wrapped, so at 1366 px the last ones slid under the pinned actions column with no
 * visible sign (overlay scrollbars): 创建时间 of the documents, the users' IPs, the groups' tags.
 * On wide screens long unbroken values (e-mails, user names) may break too (styles.css .wk-admin-table).
 */
export const ADMIN_TABLE_LAYOUT = { scroll: { x: true }, tableLayout: "auto", className: "wk-admin-table" } as const;

/** Reads the list query from URL search params; bad numbers fall back to the defaults. */
export function readListQuery(params: URLSearchParams, defaultSize: number): ListQuery {
  const positive = (value: string | null, fallback: number, max: number) => {
    const n = Number(value);
    return value && Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
  };
  const filters: Record<string, string> = {};
  for (const [name, value] of params) if (!RESERVED.has(name) && value !== "") filters[name] = value;
  return {
    page: positive(params.get("page"), 1, 100_000),
    size: defaultSize === 0 ? 0 : positive(params.get("size"), defaultSize, 100),
    wd: (params.get("wd") ?? "").trim(),
    filters,
  };
}

const totalOf = (response: unknown, rows: number): number => {
  const total = (response as { total?: bigint | number }).total;
  return total === undefined ? rows : Number(total);
};

/**
 * One admin list: the query lives in the URL (so reload and back keep page, keyword and filters),
 * the rows come from connect-query (the last page stays on screen while the next one loads), and
 * the selection is local. Mutations invalidate the service's queries, which refetches this list.
 */
export function useAdminList<I extends DescMessage, O extends DescMessage, Row>(
  config: AdminListConfig<I, O, Row>,
): AdminList<Row> {
  const { t } = useI18n();
  const { method, request, rows: rowsOf, rowKey, pageSize = 10, poll } = config;
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readListQuery(params, pageSize), [params, pageSize]);
  const result = useQuery(method, request(query), {
    placeholderData: keepPreviousData,
    refetchInterval: poll ? (q) => (q.state.data ? poll(rowsOf(q.state.data)) : false) : undefined,
  });
  const [selected, setSelected] = useState<Row[]>([]);

  const change = useCallback(
    (edit: (next: URLSearchParams) => void) => {
      setSelected([]);
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        edit(next);
        return next;
      });
    },
    [setParams],
  );
  const put = (next: URLSearchParams, name: string, value: string) => {
    if (value === "") next.delete(name);
    else next.set(name, value);
  };

  const rows = result.data ? rowsOf(result.data) : [];
  const total = result.data ? totalOf(result.data, rows.length) : 0;
  const error = result.error ? toApiError(result.error, t("adm.common.loadFailed")) : null;
  const { refetch } = result;
  const reload = useCallback(() => void refetch(), [refetch]);

  const pagination: TablePaginationConfig | false =
    pageSize === 0
      ? false
      : tablePagination(t, query, BigInt(total), (page, size) =>
          change((next) => {
            put(next, "page", page === 1 ? "" : String(page));
            put(next, "size", size === pageSize ? "" : String(size));
          }),
        );

  return {
    query,
    rows,
    total,
    loading: result.isFetching,
    error,
    reload,
    search: (wd) =>
      change((next) => {
        put(next, "wd", wd.trim());
        next.delete("page");
      }),
    setFilter: (name, value) =>
      change((next) => {
        put(next, name, Array.isArray(value) ? value.join(",") : ((value as string | undefined) ?? ""));
        next.delete("page");
      }),
    filterValues: (name) => (query.filters[name] ?? "").split(",").filter((v) => v !== ""),
    selected,
    clearSelection: () => setSelected([]),
    tableProps: (selectable) => ({
      ...ADMIN_TABLE_LAYOUT,
      rowKey,
      dataSource: rows,
      loading: result.isFetching,
      pagination,
      rowSelection: selectable
        ? {
            selectedRowKeys: selected.map(rowKey) as Key[],
            onChange: (_keys: Key[], picked: Row[]) => setSelected(picked),
          }
        : undefined,
    }),
  };
}
