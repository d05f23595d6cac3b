import { keepPreviousData } from "@tanstack/react-query";
import type { OrderStatus, OrderType } from "@wenku/proto/api/v1/enums_pb.js";
import { OrderAPI } from "@wenku/proto/api/v1/order_pb.js";
import { Empty, Flex, Select, Spin } from "antd";
import { useSearchParams } from "react-router";
import { useApiQuery } from "../../api/useApiQuery.js";
import { MeFrame } from "../../components/account/MeFrame.js";
import { ApiErrorAlert } from "../../components/common/ApiErrorAlert.js";
import { ListPager } from "../../components/common/ListPager.js";
import { OrderRow } from "../../components/orders/OrderRow.js";
import { ORDER_STATUSES, ORDER_TYPES, useOrderLabels } from "../../components/orders/orderLabels.js";
import { useI18n } from "../../i18n/I18nProvider.js";

export const ME_ORDER_PAGE_SIZE = 10;

/** The URL's filters (?status=1&type=3&page=2) as ListUserOrder's request; unknown values are ignored. */
export function meOrderRequest(params: URLSearchParams) {
  const pick = <T extends number>(name: string, allowed: readonly T[]): T[] => {
    const n = Number(params.get(name));
    return allowed.includes(n as T) ? [n as T] : [];
  };
  const page = Number(params.get("page"));
  return {
    page: BigInt(Number.isInteger(page) && page > 1 ? page : 1),
    size: BigInt(ME_ORDER_PAGE_SIZE),
    status: pick<OrderStatus>("status", ORDER_STATUSES),
    orderType: pick<OrderType>("type", ORDER_TYPES),
  };
}

function OrderList() {
  const { t } = useI18n();
  const labels = useOrderLabels();
  const [params, setParams] = useSearchParams();
  const request = meOrderRequest(params);
  const list = useApiQuery(OrderAPI.method.listUserOrder, request, t("order.loadFailed"), {
    placeholderData: keepPreviousData,
  });
  const set = (name: string, value: string | undefined) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== "page") next.delete("page");
        return next;
      },
      { replace: true },
    );
  const rows = list.data?.order ?? [];
  const total = Number(list.data?.total ?? 0n);
  return (
    <>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select<string>
          allowClear
          placeholder={t("order.allStatuses")}
          aria-label={t("order.status")}
          style={{ width: 130 }}
          value={request.status[0] === undefined ? undefined : String(request.status[0])}
          options={ORDER_STATUSES.map((s) => ({ value: String(s), label: labels.status(s) }))}
          onChange={(value) => set("status", value)}
          data-testid="me-order-status"
        />
        <Select<string>
          allowClear
          placeholder={t("order.allTypes")}
          aria-label={t("order.type")}
          style={{ width: 130 }}
          value={request.orderType[0] === undefined ? undefined : String(request.orderType[0])}
          options={ORDER_TYPES.map((ty) => ({ value: String(ty), label: labels.type(ty) }))}
          onChange={(value) => set("type", value)}
          data-testid="me-order-type"
        />
      </Flex>
      {list.error && <ApiErrorAlert error={list.error} onRetry={list.reload} />}
      <Spin spinning={list.loading}>
        <div style={{ minHeight: 120 }} data-testid="me-orders">
          {list.data && rows.length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("order.empty")} />
          )}
          {rows.map((o) => (
            <OrderRow key={String(o.id)} order={o} testId="me-order-row" />
          ))}
          <ListPager
            total={total}
            page={Number(request.page)}
            pageSize={ME_ORDER_PAGE_SIZE}
            onChange={(page) => set("page", page === 1 ? undefined : String(page))}
          />
        </div>
      </Spin>
    </>
  );
}

/** /me/order: the user's own orders, newest first, filtered by status and type, each opening its /order page. */
export default function MeOrderPage() {
  return (
    <MeFrame title="page.me.order">
      <OrderList />
    </MeFrame>
  );
}
