import type { VipCardType } from "@wenku/proto/api/v1/enums_pb.js";
import { UserVipAPI, type VipCard } from "@wenku/proto/api/v1/vip_pb.js";
import { Form, Input, InputNumber, Select } from "antd";
import { AdminFormDrawer } from "../../../components/admin/AdminFormDrawer.js";
import { NameField, SortField, SwitchField } from "../../../components/admin/formFields.js";
import { useDrawerForm } from "../../../components/admin/list/useDrawerForm.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { VIP_CARD_TYPES, vipCardTypeKey } from "../../vip/vipCards.js";

interface VipCardValues {
  title: string;
  type: VipCardType;
  /** Yuan in the form, cents on the wire. */
  price: number | null;
  creditPrice: number | null;
  days: number | null;
  discount: number | null;
  description: string;
  sort: number | null;
  enable: boolean;
  /** Benefits: percent of a document's price paid, free downloads per card, VIP downloads a day (0: no cap). */
  documentDiscount: number | null;
  download: number | null;
  timesEveryDay: number | null;
}

/** Create (`edit` = "new") or edit a VIP card: price in yuan (sent in cents), days, discount, credits, benefits. */
export function VipCardFormDrawer({
  edit,
  onClose,
  onSaved,
}: {
  edit: VipCard | "new" | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const item = edit !== null && edit !== "new" ? edit : null;
  const drawer = useDrawerForm(UserVipAPI.method.createVipCard, UserVipAPI.method.updateVipCard, {
    item,
    open: edit !== null,
    onClose,
    onSaved,
    fields: {
      credit_price: "creditPrice",
      document_discount: "documentDiscount",
      times_every_day: "timesEveryDay",
    },
    toInit: (v: VipCardValues) => ({
      title: v.title.trim(),
      type: v.type,
      price: Math.round((v.price ?? 0) * 100),
      creditPrice: v.creditPrice ?? 0,
      days: v.days ?? 0,
      discount: v.discount ?? 1,
      description: v.description ?? "",
      sort: v.sort ?? 0,
      enable: v.enable,
      documentDiscount: v.documentDiscount ?? 100,
      download: v.download ?? 0,
      timesEveryDay: v.timesEveryDay ?? 0,
    }),
  });
  return (
    <AdminFormDrawer<VipCardValues>
      {...drawer}
      title={t(item ? "adm.vip.editCard" : "adm.vip.addCard")}
      testId="vip-card-form"
      initialValues={{
        title: item?.title ?? "",
        type: item?.type ?? VIP_CARD_TYPES[2],
        price: item ? item.price / 100 : null,
        creditPrice: item?.creditPrice ?? 0,
        days: item?.days ?? 30,
        discount: item?.discount ?? 1,
        description: item?.description ?? "",
        sort: item?.sort ?? 0,
        enable: item?.enable ?? true,
        documentDiscount: item?.documentDiscount ?? 100,
        download: item?.download ?? 0,
        timesEveryDay: item?.timesEveryDay ?? 0,
      }}
    >
      <NameField />
      <Form.Item name="type" label={t("adm.vip.type")}>
        <Select options={VIP_CARD_TYPES.map((value) => ({ value, label: t(vipCardTypeKey(value)) }))} />
      </Form.Item>
      <Form.Item
        name="price"
        label={t("adm.vip.price")}
        extra={t("adm.vip.priceHelp")}
        rules={[{ required: true, message: t("adm.vip.priceHelp") }]}
      >
        <InputNumber min={0} precision={2} step={1} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="discount" label={t("adm.vip.discount")} extra={t("adm.vip.discountHelp")}>
        <InputNumber min={0.01} max={1} step={0.05} precision={2} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="creditPrice" label={t("adm.vip.creditPrice")} extra={t("adm.vip.creditPriceHelp")}>
        <InputNumber min={0} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="days" label={t("adm.vip.days")} rules={[{ required: true, message: t("adm.vip.days") }]}>
        <InputNumber min={1} max={3660} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="documentDiscount"
        label={t("adm.vip.documentDiscount")}
        extra={t("adm.vip.documentDiscountHelp")}
      >
        <InputNumber min={0} max={100} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="download" label={t("adm.vip.download")} extra={t("adm.vip.downloadHelp")}>
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="timesEveryDay" label={t("adm.vip.timesEveryDay")} extra={t("adm.vip.timesEveryDayHelp")}>
        <InputNumber min={0} max={100_000} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="description" label={t("adm.vip.benefits")}>
        <Input.TextArea rows={3} maxLength={1024} showCount />
      </Form.Item>
      <SortField />
      <SwitchField />
    </AdminFormDrawer>
  );
}
