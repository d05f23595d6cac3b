import type { DescMessage, DescMethodUnary, MessageInitShape, MessageShape } from "@bufbuild/protobuf";
import { keepPreviousData } from "@tanstack/react-query";
import { Empty, List, Spin, Typography } from "antd";
import { type ReactNode, useState } from "react";
import type { ApiError } from "../../api/errors.js";
import { type ApiQuery, useApiQuery } from "../../api/useApiQuery.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useProfileUser } from "./UserFrame.js";

export interface ContentRow {
  key: string;
  title: ReactNode;
  description?: ReactNode;
}

export const USER_LIST_PAGE_SIZE = 10;

/** The profile user's filter and the page of a tab's list request. */
export interface ProfilePaging {
  userId: bigint[];
  page: bigint;
  size: bigint;
}

/** One page of a /user/{id} tab's list, with the page it shows and a setter. */
export type ProfileList<T> = ApiQuery<T> & { page: number; setPage: (page: number) => void };

/**
 * Asks `method` for one page of the profile user's items (inside <UserFrame>); `input` adds the
 * method's own fields (order, sort) to the paging. The last page stays on screen while the next loads.
 */
export function useProfileList<I extends DescMessage, O extends DescMessage>(
  method: DescMethodUnary<I, O>,
  input: (paging: ProfilePaging) => MessageInitShape<I>,
): ProfileList<MessageShape<O>> {
  const { t } = useI18n();
  const user = useProfileUser();
  const [page, setPage] = useState(1);
  const paging = { userId: [user.id], page: BigInt(page), size: BigInt(USER_LIST_PAGE_SIZE) };
  const query = useApiQuery(method, input(paging), t("error.requestFailed"), { placeholderData: keepPreviousData });
  return { ...query, page, setPage };
}

/**
 * One page of a user's documents or articles (`list` from useProfileList supplies state and page;
 * the tab maps its reply to rows and total). A failed load (e.g. a list RPC that still answers 501)
 * shows an empty state carrying the error, never a crash or made-up rows.
 */
export function UserContentList({
  list: { loading, error, page, setPage },
  rows,
  total = 0n,
  emptyText,
  testId,
}: {
  list: { loading: boolean; error: ApiError | null; page: number; setPage: (page: number) => void };
  rows: ContentRow[] | undefined;
  total: bigint | undefined;
  emptyText: string;
  testId: string;
}) {
  const { t } = useI18n();
  const count = Number(total);
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
        count > USER_LIST_PAGE_SIZE
          ? { current: page, pageSize: USER_LIST_PAGE_SIZE, total: count, onChange: setPage, size: "small" }
          : false
      }
    />
  );
}
