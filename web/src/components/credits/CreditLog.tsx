import { OrderAPI } from "@wenku/proto/api/v1/order_pb.js";
import { Empty, Flex, Pagination, Spin, Typography, theme } from "antd";
import { useState } from "react";
import { useApiQuery } from "../../api/useApiQuery.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSiteName } from "../../settings/useSiteName.js";
import { formatTimestamp } from "../account/formatDate.js";
import { ApiErrorAlert } from "../common/ApiErrorAlert.js";
import { creditReason } from "./creditReason.js";

export const CREDIT_LOG_PAGE_SIZE = 10;

/** A signed amount as the log shows it: +5, -10. */
export function signedAmount(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}

/** The signed-in user's credit ledger (ListUserCreditLog), newest first, a page at a time. */
export function CreditLog() {
  const { t, lang } = useI18n();
  const { token } = theme.useToken();
  const { creditName: name } = useSiteName();
  const [page, setPage] = useState(1);
  const list = useApiQuery(
    OrderAPI.method.listUserCreditLog,
    { page: BigInt(page), size: BigInt(CREDIT_LOG_PAGE_SIZE) },
    t("credit.logFailed", { name }),
  );
  const rows = list.data?.creditLog ?? [];
  const total = Number(list.data?.total ?? 0);
  return (
    <section data-testid="credit-log">
      <Typography.Title level={5}>{t("credit.logTitle", { name })}</Typography.Title>
      {list.error && <ApiErrorAlert error={list.error} onRetry={list.reload} />}
      {!list.data && !list.error && <Spin />}
      {list.data && rows.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("credit.logEmpty", { name })} />
      )}
      {rows.map((r) => (
        <Flex
          key={String(r.id)}
          align="center"
          gap={12}
          style={{ padding: "8px 0", borderBottom: `1px solid ${token.colorSplit}` }}
          data-testid="credit-log-row"
        >
          <div style={{ flex: 1, minWidth: 0 }}>
            <div style={{ overflowWrap: "anywhere" }}>{creditReason(r, t, name)}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatTimestamp(r.createdAt, lang)} · {t("credit.logAfter", { balance: r.balanceAfter })}
            </Typography.Text>
          </div>
          <Typography.Text
            strong
            style={{ color: r.amount > 0 ? token.colorSuccess : token.colorError, whiteSpace: "nowrap" }}
          >
            {signedAmount(r.amount)}
          </Typography.Text>
        </Flex>
      ))}
      {total > CREDIT_LOG_PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 12 }}
          size="small"
          current={page}
          pageSize={CREDIT_LOG_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </section>
  );
}
