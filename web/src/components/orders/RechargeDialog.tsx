import { useMutation } from "@connectrpc/connect-query";
import { OrderType } from "@wenku/proto/api/v1/enums_pb.js";
import { OrderAPI } from "@wenku/proto/api/v1/order_pb.js";
import { Alert, App, Flex, InputNumber, Modal, Radio, Spin, Typography } from "antd";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { toApiError } from "../../api/errors.js";
import { useSizeClass } from "../../hooks/useSizeClass.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { ApiErrorAlert } from "../common/ApiErrorAlert.js";
import { useDiscountText } from "./orderLabels.js";
import { discountFor, exchangeOf, onStep, parseTiers, rechargePrice } from "./recharge.js";
import { useRechargeSettings } from "./useRechargeSettings.js";

/** Spec §9: the recharge dialog is 680 px wide, 90 % on phones. */
export const rechargeDialogWidth = (mobile: boolean): number | string => (mobile ? "90%" : 680);

/** The largest quantity one order may hold (int32); the server has the final word. */
const MAX_QUANTITY = 2_147_483_647;

/**
 * The recharge dialog (spec §2, §4, §5, §9): pick a tier or enter an amount of credits, see the
 * price, the discount and what to pay, then CreateOrder {RECHARGE, quantity} and go to the order page.
 */
export default function RechargeDialog({ onClose, onOrdered }: { onClose: () => void; onOrdered?: () => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const mobile = useSizeClass() === "mobile";
  const settings = useRechargeSettings();
  const name = settings.creditName;
  const exchange = exchangeOf(settings.data?.creditExchange ?? 1);
  const tiers = useMemo(() => parseTiers(settings.data?.rechargeDiscount ?? ""), [settings.data?.rechargeDiscount]);
  const [amount, setAmount] = useState<number | null>(null);
  const quantity = amount ?? 0;
  const discount = discountFor(tiers, quantity);
  const offStep = quantity > 0 && !onStep(quantity, exchange, tiers);
  const create = useMutation(OrderAPI.method.createOrder, {
    onSuccess: (order) => {
      onClose();
      void navigate(`/order?order_no=${encodeURIComponent(order.orderNo)}`);
      onOrdered?.();
    },
    onError: (cause) => void message.error(toApiError(cause, t("recharge.failed")).message),
  });
  const discountText = useDiscountText();
  const shownDiscount = discountText(discount);

  return (
    <Modal
      open
      title={t("recharge.title", { name })}
      width={rechargeDialogWidth(mobile)}
      onCancel={onClose}
      okText={t("recharge.submit")}
      okButtonProps={{ disabled: quantity <= 0 || offStep || !settings.enabled }}
      confirmLoading={create.isPending}
      onOk={() => create.mutate({ orderType: OrderType.RECHARGE, quantity })}
      destroyOnHidden
      data-testid="recharge-dialog"
    >
      {settings.error && <ApiErrorAlert error={settings.error} onRetry={settings.reload} />}
      {!settings.data && !settings.error && <Spin />}
      {settings.data && !settings.enabled && <Alert type="info" showIcon message={t("recharge.disabled")} />}
      {settings.enabled && (
        <Flex vertical gap={16}>
          <Typography.Text type="secondary">{t("recharge.exchange", { exchange, name })}</Typography.Text>
          {tiers.length > 0 && (
            <div>
              <Typography.Paragraph strong>{t("recharge.tiers")}</Typography.Paragraph>
              <Radio.Group
                value={tiers.some((tier) => tier.amount === amount) ? amount : null}
                onChange={(event) => setAmount(event.target.value as number)}
                style={{ display: "flex", flexWrap: "wrap", gap: 8 }}
                data-testid="recharge-tiers"
              >
                {tiers.map((tier) => (
                  <Radio.Button key={tier.amount} value={tier.amount} style={{ height: "auto", lineHeight: 1.6 }}>
                    <div style={{ padding: "4px 0" }}>
                      <div>
                        {tier.amount} {name}
                      </div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        ¥{rechargePrice(tier.amount, exchange, tier.discount)} {discountText(tier.discount)}
                      </Typography.Text>
                    </div>
                  </Radio.Button>
                ))}
              </Radio.Group>
            </div>
          )}
          <div>
            <Typography.Paragraph strong>{t("recharge.custom")}</Typography.Paragraph>
            <InputNumber<number>
              min={0}
              max={MAX_QUANTITY}
              step={exchange}
              precision={0}
              value={amount}
              onChange={(value) => setAmount(value)}
              addonAfter={name}
              placeholder={t("recharge.amountRequired")}
              aria-label={t("recharge.custom")}
              style={{ width: mobile ? "100%" : 260 }}
              status={offStep ? "error" : undefined}
              data-testid="recharge-amount"
            />
            {offStep && (
              <Typography.Paragraph type="danger" style={{ margin: "4px 0 0" }} data-testid="recharge-step">
                {t("recharge.step", { exchange })}
              </Typography.Paragraph>
            )}
          </div>
          <Flex gap={16} wrap align="baseline" data-testid="recharge-summary">
            <Typography.Text type={shownDiscount ? "secondary" : undefined} delete={!!shownDiscount}>
              {t("recharge.price", { price: rechargePrice(quantity, exchange) })}
            </Typography.Text>
            {shownDiscount && <Typography.Text type="danger">{shownDiscount}</Typography.Text>}
            <Typography.Text strong style={{ fontSize: 18 }} data-testid="recharge-payable">
              {t("recharge.payable", { price: rechargePrice(quantity, exchange, discount) })}
            </Typography.Text>
          </Flex>
        </Flex>
      )}
    </Modal>
  );
}
