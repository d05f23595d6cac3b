import { Code } from "@connectrpc/connect";
import { skipToken } from "@connectrpc/connect-query";
import { OrderStatus, OrderType } from "@wenku/proto/api/v1/enums_pb.js";
import { type Order, OrderAPI } from "@wenku/proto/api/v1/order_pb.js";
import { Button, Card, Flex, Result, Spin } from "antd";
import { useEffect } from "react";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { useApiQuery } from "../api/useApiQuery.js";
import { ApiErrorAlert } from "../components/common/ApiErrorAlert.js";
import { VipPurchased } from "../components/vip/VipPurchased.js";
import { usePageTitle } from "../hooks/usePageTitle.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { loginPath } from "../router/paths.js";
import { useSiteName } from "../settings/useSiteName.js";
import { useSession } from "../store/SessionProvider.js";
import { OrderSummary } from "./order/OrderSummary.js";
import { PayPanel, useOrderRefresh } from "./order/PayPanel.js";

/** How often a pending order's status is asked while the page is visible (ms). */
export const ORDER_POLL_MS = 2000;

/** Refusals that mean "no such order for you": unknown number, someone else's order, a malformed number. */
const MISSING = new Set([Code.NotFound, Code.PermissionDenied, Code.InvalidArgument]);

function OrderNotFound() {
  const { t } = useI18n();
  return (
    <Result
      status="404"
      title={t("order.notFound")}
      subTitle={t("order.notFoundHint")}
      extra={
        <Link to="/me/order">
          <Button type="primary">{t("order.myOrders")}</Button>
        </Link>
      }
      data-testid="order-not-found"
    />
  );
}

/** A finished order: paid (with where to see what was bought) or closed. */
function OrderDone({ order, status }: { order: Order; status: OrderStatus }) {
  const { t } = useI18n();
  const { creditName: name } = useSiteName();
  const mine = (
    <Link key="orders" to="/me/order">
      <Button>{t("order.myOrders")}</Button>
    </Link>
  );
  if (status !== OrderStatus.PAID) return <Result status="info" title={t("order.closedTitle")} extra={[mine]} />;
  const what =
    order.orderType === OrderType.RECHARGE ? (
      <Link key="credit" to="/me">
        <Button type="primary">{t("order.viewCredit", { name })}</Button>
      </Link>
    ) : order.orderType === OrderType.BUY_DOCUMENT ? (
      <Link key="document" to={`/document/${order.productId}`}>
        <Button type="primary">{t("order.viewDocument")}</Button>
      </Link>
    ) : null;
  return (
    <>
      {order.orderType === OrderType.BUY_VIP && <VipPurchased />}
      <Result status="success" title={t("order.paidTitle")} extra={[what, mine]} data-testid="order-paid" />
    </>
  );
}

/**
 * One order (GetOrder) and, while it is pending, its status asked every 2 s when the page is visible
 * (GetOrderStatus; TanStack pauses the interval in a hidden tab). Once the status changes the order
 * and the balance are read again.
 */
function OrderView({ orderNo }: { orderNo: string }) {
  const { t } = useI18n();
  const refresh = useOrderRefresh();
  const order = useApiQuery(OrderAPI.method.getOrder, { orderNo }, t("order.loadFailed"));
  const pending = order.data?.status === OrderStatus.PENDING;
  const polled = useApiQuery(OrderAPI.method.getOrderStatus, pending ? { orderNo } : skipToken, t("order.loadFailed"), {
    refetchInterval: ORDER_POLL_MS,
  });
  const polledStatus = pending ? polled.data?.status : undefined;
  const changed = polledStatus !== undefined && polledStatus !== OrderStatus.PENDING;
  useEffect(() => {
    if (changed) void refresh();
  }, [changed, refresh]);
  usePageTitle(t("page.order"));

  if (order.error && MISSING.has(order.error.code)) return <OrderNotFound />;
  if (order.error && !order.data) return <ApiErrorAlert error={order.error} onRetry={order.reload} />;
  if (!order.data) return <Spin style={{ display: "block", margin: "48px auto" }} />;
  const status = changed && polledStatus !== undefined ? polledStatus : order.data.status;
  return (
    <Flex vertical gap={16}>
      <OrderSummary order={order.data} status={status} />
      {status === OrderStatus.PENDING ? (
        <PayPanel order={order.data} />
      ) : (
        <OrderDone order={order.data} status={status} />
      )}
    </Flex>
  );
}

/** /order?order_no=…: the signed-in user's order, its payment while pending, and the outcome. */
export default function OrderPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const signedIn = !!useSession().user;
  const orderNo = (params.get("order_no") ?? "").trim();
  if (!signedIn) return <Navigate to={loginPath(pathname + search)} replace />;
  return (
    <div style={{ maxWidth: 960, margin: "0 auto", padding: 16 }}>
      <Card title={t("page.order")}>{orderNo ? <OrderView key={orderNo} orderNo={orderNo} /> : <OrderNotFound />}</Card>
    </div>
  );
}
