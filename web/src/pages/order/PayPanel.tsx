import { useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { OrderStatus, OrderType, PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import { type Order, OrderAPI, type PayOrderReply } from "@wenku/proto/api/v1/order_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Alert, App, Button, Flex, Popconfirm, QRCode, Radio, Typography } from "antd";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { toApiError } from "../../api/errors.js";
import { invalidateMethod } from "../../api/invalidate.js";
import { useApiQuery } from "../../api/useApiQuery.js";
import { useOrderLabels } from "../../components/orders/orderLabels.js";
import { useI18n } from "../../i18n/I18nProvider.js";

/** Where the order page sends the browser for a payment URL: inside the app when it is a path of ours. */
export function isAppPath(url: string): boolean {
  return url.startsWith("/") && !url.startsWith("//");
}

/**
 * The methods a pending order can be paid with: the site's enabled online methods
 * (Settings.payment.pay_method), plus credits for anything but a recharge (credits cannot buy credits).
 */
export function payMethodsFor(order: Pick<Order, "orderType">, online: readonly PayMethod[]): PayMethod[] {
  const methods = online.filter((m) => m !== PayMethod.CREDIT);
  return order.orderType === OrderType.RECHARGE ? methods : [...methods, PayMethod.CREDIT];
}

/** After a payment or a close: the order, its status, the balance and the credit log are asked again. */
export function useOrderRefresh(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [
          OrderAPI.method.getOrder,
          OrderAPI.method.getOrderStatus,
          OrderAPI.method.listUserOrder,
          OrderAPI.method.listUserCreditLog,
          UserAPI.method.getUser,
        ].map((method) => invalidateMethod(queryClient, method)),
      ),
    [queryClient],
  );
}

/** A pending order's payment: choose a method, PayOrder, then the provider's page or its QR code; or close it. */
export function PayPanel({ order }: { order: Order }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const labels = useOrderLabels();
  const refresh = useOrderRefresh();
  const settings = useApiQuery(ConfigAPI.method.getSettings, {}, t("order.payFailed"));
  const methods = payMethodsFor(order, settings.data?.payment?.payMethod ?? []);
  const [chosen, setChosen] = useState<PayMethod | null>(null);
  const method = chosen ?? methods[0] ?? null;
  const [reply, setReply] = useState<PayOrderReply | null>(null);
  const pay = useMutation(OrderAPI.method.payOrder, {
    onSuccess: (answer) => {
      setReply(answer);
      if (answer.status === OrderStatus.PAID) void refresh();
      else if (!answer.qrcode && answer.paymentUrl) {
        if (isAppPath(answer.paymentUrl)) void navigate(answer.paymentUrl);
        else window.location.assign(answer.paymentUrl);
      }
    },
    onError: (cause) => void message.error(toApiError(cause, t("order.payFailed")).message),
  });
  const close = useMutation(OrderAPI.method.closeOrder, {
    onSuccess: () => {
      void message.success(t("order.closedOk"));
      void refresh();
    },
    onError: (cause) => void message.error(toApiError(cause, t("order.closeFailed")).message),
  });
  const returnUrl = `${window.location.origin}/order?order_no=${encodeURIComponent(order.orderNo)}`;

  return (
    <Flex vertical gap={16} data-testid="pay-panel">
      <Typography.Text strong>{t("order.payMethod")}</Typography.Text>
      {settings.data && methods.length === 0 && <Alert type="warning" showIcon message={t("order.noPayMethod")} />}
      <Radio.Group
        value={method}
        onChange={(event) => {
          setChosen(event.target.value as PayMethod);
          setReply(null);
        }}
        options={methods.map((m) => ({ value: m, label: labels.payMethod(m) }))}
        data-testid="pay-methods"
      />
      {reply?.qrcode && (
        <Flex vertical align="center" gap={8} data-testid="pay-qrcode">
          <QRCode value={reply.qrcode} />
          <Typography.Text>{t("order.scanToPay")}</Typography.Text>
        </Flex>
      )}
      {reply?.paymentUrl && !isAppPath(reply.paymentUrl) && (
        <Typography.Link href={reply.paymentUrl}>{t("order.openPay")}</Typography.Link>
      )}
      {reply?.message && <Alert type="info" showIcon message={reply.message} />}
      {reply && <Typography.Text type="secondary">{t("order.waiting")}</Typography.Text>}
      <Flex gap={8} wrap>
        <Button
          type="primary"
          disabled={method === null}
          loading={pay.isPending}
          onClick={() => method !== null && pay.mutate({ orderNo: order.orderNo, payMethod: method, returnUrl })}
          data-testid="pay-submit"
        >
          {t("order.payNow")}
        </Button>
        <Popconfirm
          title={t("order.closeConfirm")}
          okButtonProps={{ danger: true }}
          onConfirm={() => close.mutateAsync({ orderNo: order.orderNo }).catch(() => {})}
        >
          <Button danger loading={close.isPending} data-testid="order-close">
            {t("order.close")}
          </Button>
        </Popconfirm>
      </Flex>
    </Flex>
  );
}
