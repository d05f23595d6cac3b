import { OrderAPI } from "@wenku/proto/api/v1/order_pb.js";
import { Form, Input, InputNumber } from "antd";
import { AdminFormDrawer } from "../../../components/admin/AdminFormDrawer.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

interface Values {
  userId: number;
  quantity: number;
  remark: string;
}

/** The ledger's reason text limit the order service keeps (orders.remark). */
const REMARK_MAX = 255;

/** "系统充值": credit a user `quantity` credits with a required reason (SystemRecharge: a paid order + ledger entry). */
export function SystemRechargeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const recharge = useAdminMutation(OrderAPI.method.systemRecharge, {
    success: t("adm.order.recharged"),
    failure: t("adm.order.rechargeFailed"),
    onSuccess: onClose,
  });
  return (
    <AdminFormDrawer<Values>
      title={t("adm.order.systemRecharge")}
      open={open}
      saving={recharge.pending}
      onClose={onClose}
      testId="system-recharge"
      form={form}
      initialValues={{}}
      onFinish={(v) => void recharge.run({ userId: BigInt(v.userId), quantity: v.quantity, remark: v.remark.trim() })}
    >
      <Form.Item
        name="userId"
        label={t("adm.order.rechargeUser")}
        rules={[{ required: true, message: t("adm.order.rechargeUserRequired") }]}
      >
        <InputNumber<number> min={1} precision={0} style={{ width: "100%" }} data-testid="recharge-user" />
      </Form.Item>
      <Form.Item
        name="quantity"
        label={t("adm.order.rechargeQuantity")}
        rules={[{ required: true, type: "number", min: 1, message: t("adm.order.rechargeQuantityRequired") }]}
      >
        <InputNumber<number>
          min={1}
          max={2_147_483_647}
          precision={0}
          style={{ width: "100%" }}
          data-testid="recharge-quantity"
        />
      </Form.Item>
      <Form.Item
        name="remark"
        label={t("adm.order.rechargeRemark")}
        rules={[{ required: true, whitespace: true, message: t("adm.order.rechargeRemarkRequired") }]}
      >
        <Input.TextArea rows={3} maxLength={REMARK_MAX} showCount data-testid="recharge-remark" />
      </Form.Item>
    </AdminFormDrawer>
  );
}
