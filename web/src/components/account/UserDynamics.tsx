import { keepPreviousData } from "@tanstack/react-query";
import { type Dynamic, UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Empty, Spin, Typography } from "antd";
import { useState } from "react";
import { useApiQuery } from "../../api/useApiQuery.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSiteName } from "../../settings/useSiteName.js";
import { ApiErrorAlert } from "../common/ApiErrorAlert.js";
import { ListPager } from "../common/ListPager.js";
import { formatRelative } from "../document/format.js";
import { dynamicText } from "./dynamicText.js";

export const DYNAMIC_PAGE_SIZE = 10;

/**
 * A user's activity feed, newest first, paged: one's own (`userId` 0: every kind) on /me, another
 * user's public part (what they commented on and favorited) on /user/{id}.
 */
export function UserDynamics({ userId }: { userId: bigint }) {
  const { t } = useI18n();
  const { creditName } = useSiteName();
  const [page, setPage] = useState(1);
  const list = useApiQuery(
    UserAPI.method.listUserDynamic,
    { id: userId, page: BigInt(page), size: BigInt(DYNAMIC_PAGE_SIZE) },
    t("soc.dynamicsFailed"),
    { placeholderData: keepPreviousData },
  );
  const rows: Dynamic[] = list.data?.dynamic ?? [];
  return (
    <section data-testid="user-dynamics">
      <Typography.Title level={5}>{t("soc.dynamicsTitle")}</Typography.Title>
      {list.error && <ApiErrorAlert error={list.error} onRetry={list.reload} />}
      <Spin spinning={list.loading && !!list.data}>
        {list.data && rows.length === 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("soc.dynamicsEmpty")} />
        )}
        {rows.map((d) => (
          <div
            key={String(d.id)}
            data-testid="dynamic-row"
            style={{ padding: "8px 0", borderBottom: "1px solid rgba(5, 5, 5, 0.06)", overflowWrap: "anywhere" }}
          >
            <div>{dynamicText(d, t, creditName)}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatRelative(d.createdAt, t)}
            </Typography.Text>
          </div>
        ))}
      </Spin>
      <ListPager total={Number(list.data?.total ?? 0n)} page={page} pageSize={DYNAMIC_PAGE_SIZE} onChange={setPage} />
    </section>
  );
}
