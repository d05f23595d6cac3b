import { CloseCircleOutlined, EyeOutlined, WalletOutlined } from "@ant-design/icons";
import { OrderStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { type Order, OrderAPI } from "@wenku/proto/api/v1/order_pb.js";
import { Button, DatePicker, Input, Select, Table, type TableColumnsType, Typography } from "antd";
import { useState } from "react";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useCan } from "../../../components/admin/permissions.js";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { titleColumn } from "../../../components/admin/table.js";
import { dayjs } from "../../../components/common/dayjs.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { useOrderAmountText } from "../../../components/orders/orderAmount.js";
import {
  ORDER_STATUSES,
  ORDER_TYPES,
  OrderStatusTag,
  PAY_METHODS,
  useOrderLabels,
} from "../../../components/orders/orderLabels.js";
import { useSizeClass } from "../../../hooks/useSizeClass.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { OrderDetailDrawer } from "./OrderDetailDrawer.js";
import { ORDER_API, orderListRequest } from "./orderListQuery.js";
import { SystemRechargeDrawer } from "./SystemRechargeDrawer.js";

const DAY_FORMAT = "YYYY-MM-DD";

/**
 * /admin/order: every order, newest first; filter by keyword (order number, product), status, type,
 * payment method, user and creation days; see one in a drawer, close a pending one, delete one or a
 * selection, and credit a user by hand (系统充值, with a required reason).
 */
export default function OrderListPage() {
  const { t } = useI18n();
  const can = useCan();
  const labels = useOrderLabels();
  const amount = useOrderAmountText();
  const mobile = useSizeClass() === "mobile";
  const list = useAdminList({
    method: OrderAPI.method.listOrder,
    request: orderListRequest,
    rows: (r) => r.order,
    rowKey: (o) => idKey(o.id),
    pageSize: 20,
  });
  const [detail, setDetail] = useState<Order | null>(null);
  const [recharging, setRecharging] = useState(false);
  const close = useAdminMutation(OrderAPI.method.closeOrder, {
    success: t("adm.order.closed"),
    failure: t("adm.order.closeFailed"),
  });
  const remove = useAdminMutation(OrderAPI.method.deleteOrder, {
    success: t("adm.common.deleted"),
    failure: t("adm.common.deleteFailed"),
    onSuccess: list.clearSelection,
  });
  const mayClose = can(`${ORDER_API}/CloseOrder`);
  const mayDelete = can(`${ORDER_API}/DeleteOrder`);
  const mayRecharge = can(`${ORDER_API}/SystemRecharge`);
  const filter = (name: string) => (value: string | readonly (string | number)[] | undefined) =>
    list.setFilter(name, value);
  const [from, to] = list.filterValues("created");

  const columns: TableColumnsType<Order> = [
    titleColumn(
      t("order.no"),
      (o: Order) => (
        <div>
          <Typography.Link onClick={() => setDetail(o)} style={{ overflowWrap: "anywhere" }}>
            {o.orderNo}
          </Typography.Link>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {labels.type(o.orderType)}
              {o.productName ? ` · ${o.productName}` : ""}
            </Typography.Text>
          </div>
          {mobile && <OrderStatusTag status={o.status} />}
        </div>
      ),
      180,
      (o: Order) => o.orderNo,
    ),
    {
      title: t("adm.order.user"),
      key: "user",
      responsive: ["md"],
      render: (_, o) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => list.setFilter("userId", idKey(o.userId))}
        >
          {o.username || `#${idKey(o.userId)}`}
        </Button>
      ),
    },
    { title: t("order.amount"), key: "amount", render: (_, o) => amount(o) },
    ...(mobile
      ? []
      : [
          {
            title: t("order.status"),
            key: "status",
            render: (_: unknown, o: Order) => <OrderStatusTag status={o.status} />,
          },
        ]),
    { title: t("order.payMethod"), key: "pay", responsive: ["lg"], render: (_, o) => labels.payMethod(o.payMethod) },
    { title: t("order.createdAt"), key: "created", responsive: ["md"], render: (_, o) => formatTime(o.createdAt) },
    actionsColumn(t, (o: Order) => (
      <RowActions
        name={o.orderNo}
        deleteHint={t("adm.order.deleteHint")}
        actions={[
          { key: "detail", label: t("adm.order.detail"), icon: <EyeOutlined />, onClick: () => setDetail(o) },
          mayClose &&
            o.status === OrderStatus.PENDING && {
              key: "close",
              label: t("order.close"),
              icon: <CloseCircleOutlined />,
              danger: true,
              confirm: { title: t("adm.order.closeTitle", { name: o.orderNo }) },
              onClick: () => void close.run({ orderNo: o.orderNo }),
            },
        ]}
        onDelete={mayDelete ? () => void remove.run({ id: [o.id] }) : undefined}
      />
    )),
  ];

  const toolbar = (
    <AdminToolbar
      list={list}
      searchPlaceholder={t("adm.order.searchPlaceholder")}
      onBatchDelete={mayDelete ? (rows) => remove.run({ id: rows.map((o) => o.id) }) : undefined}
      batchDeleteHint={t("adm.order.deleteHint")}
      rowName={(o) => o.orderNo}
      batch={
        mayRecharge && (
          <Button icon={<WalletOutlined />} onClick={() => setRecharging(true)} data-testid="system-recharge-open">
            {t("adm.order.systemRecharge")}
          </Button>
        )
      }
    >
      <Select<string>
        allowClear
        placeholder={t("order.allStatuses")}
        aria-label={t("order.status")}
        style={{ width: 120 }}
        value={list.query.filters.status}
        options={ORDER_STATUSES.map((s) => ({ value: String(s), label: labels.status(s) }))}
        onChange={filter("status")}
        data-testid="order-status-filter"
      />
      <Select<string>
        allowClear
        placeholder={t("order.allTypes")}
        aria-label={t("order.type")}
        style={{ width: 120 }}
        value={list.query.filters.type}
        options={ORDER_TYPES.map((ty) => ({ value: String(ty), label: labels.type(ty) }))}
        onChange={filter("type")}
      />
      <Select<string>
        allowClear
        placeholder={t("adm.order.allPayMethods")}
        aria-label={t("order.payMethod")}
        style={{ width: 140 }}
        value={list.query.filters.pay}
        options={PAY_METHODS.map((m) => ({ value: String(m), label: labels.payMethod(m) }))}
        onChange={filter("pay")}
      />
      <Input
        key={list.query.filters.userId ?? ""}
        allowClear
        inputMode="numeric"
        placeholder={t("adm.order.userFilter")}
        aria-label={t("adm.order.userFilter")}
        style={{ width: 110 }}
        defaultValue={list.query.filters.userId}
        onPressEnter={(e) => filter("userId")(e.currentTarget.value.trim())}
        onBlur={(e) => filter("userId")(e.currentTarget.value.trim())}
      />
      <DatePicker.RangePicker
        aria-label={t("order.createdAt")}
        style={{ width: mobile ? "100%" : 240 }}
        value={from && to ? [dayjs(from, DAY_FORMAT), dayjs(to, DAY_FORMAT)] : null}
        onChange={(range) => {
          const [start, end] = range ?? [];
          list.setFilter("created", start && end ? [start.format(DAY_FORMAT), end.format(DAY_FORMAT)] : undefined);
        }}
      />
    </AdminToolbar>
  );

  return (
    <AdminCard title={t("admin.order")} toolbar={toolbar} list={list}>
      <Table<Order> {...list.tableProps(mayDelete)} columns={columns} data-testid="order-table" />
      <OrderDetailDrawer order={detail} onClose={() => setDetail(null)} />
      <SystemRechargeDrawer open={recharging} onClose={() => setRecharging(false)} />
    </AdminCard>
  );
}
