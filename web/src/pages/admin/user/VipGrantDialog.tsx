import { UserVipAPI } from "@wenku/proto/api/v1/vip_pb.js";
import { type ButtonProps, Form, Input, InputNumber, Modal } from "antd";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useSizeClass } from "../../../hooks/useSizeClass.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

interface GrantValues {
  userId: number | null;
  days: number | null;
  remark: string;
}

/** Grants or extends a membership by days (GrantUserVip; the server records who granted it). */
export function VipGrantDialog({ userId, onClose }: { userId: bigint | null; onClose: () => void }) {
  const { t } = useI18n();
  const mobile = useSizeClass() === "mobile";
  const [form] = Form.useForm<GrantValues>();
  const grant = useAdminMutation(UserVipAPI.method.grantUserVip, {
    success: t("adm.vip.granted"),
    failure: t("adm.vip.grantFailed"),
    onSuccess: onClose,
  });
  return (
    <Modal
      open
      title={t("adm.vip.grantTitle")}
      width={mobile ? "90%" : 480}
      okButtonProps={{ loading: grant.pending, "data-testid": "vip-grant-submit" } as ButtonProps}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="vip-grant-dialog"
    >
      <Form<GrantValues>
        form={form}
        layout="vertical"
        initialValues={{ userId: userId === null ? null : Number(userId), days: 30, remark: "" }}
        onFinish={(v) =>
          void grant.run({ userId: BigInt(v.userId ?? 0), days: v.days ?? 0, remark: (v.remark ?? "").trim() })
        }
      >
        <Form.Item
          name="userId"
          label={t("adm.vip.grantUser")}
          rules={[{ required: true, message: t("adm.vip.grantUserRequired") }]}
        >
          <InputNumber min={1} precision={0} style={{ width: "100%" }} disabled={userId !== null} />
        </Form.Item>
        <Form.Item
          name="days"
          label={t("adm.vip.grantDays")}
          extra={t("adm.vip.grantDaysHelp")}
          rules={[{ required: true }]}
        >
          <InputNumber min={1} max={3660} precision={0} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item name="remark" label={t("adm.vip.remark")}>
          <Input maxLength={255} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
