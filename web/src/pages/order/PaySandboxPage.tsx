import { ExperimentOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { Alert, Button, Card, Descriptions, Flex, Result } from "antd";
import { useNavigate, useSearchParams } from "react-router";
import { formatCents } from "../../components/orders/recharge.js";
import { usePageTitle } from "../../hooks/usePageTitle.js";
import { useI18n } from "../../i18n/I18nProvider.js";

/** Where the sandbox provider's "payment" is confirmed (the order service verifies the sign). */
export const SANDBOX_CALLBACK = "/callback/sandbox";

/** The payment link's query: order number, amount in cents and the provider's signature; null when malformed. */
export function readSandboxLink(params: URLSearchParams): { orderNo: string; amount: number; sign: string } | null {
  const orderNo = (params.get("order_no") ?? "").trim();
  const sign = (params.get("sign") ?? "").trim();
  const raw = params.get("amount") ?? "";
  const amount = Number(raw);
  if (!orderNo || !sign || !/^\d+$/.test(raw) || !Number.isSafeInteger(amount)) return null;
  return { orderNo, amount, sign };
}

/** The callback's refusal for the person: its JSON message when it sent one, else `fallback`. */
async function refusal(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === "string" && body.message.trim() ? body.message : fallback;
  } catch {
    return fallback;
  }
}

/**
 * /pay/sandbox?order_no=&amount=&sign=: the demo payment provider's page, clearly labelled as taking
 * no money. Confirming posts the link's fields to /callback/sandbox (a plain request, as a provider's
 * notify would be) and returns to the order; cancelling returns without paying.
 */
export default function PaySandboxPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const link = readSandboxLink(params);
  usePageTitle(t("page.paySandbox"));
  const back = () => void navigate(`/order?order_no=${encodeURIComponent(link?.orderNo ?? "")}`);
  const confirm = useMutation({
    mutationFn: async () => {
      if (!link) return;
      const response = await fetch(SANDBOX_CALLBACK, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ order_no: link.orderNo, amount: link.amount, sign: link.sign }),
      });
      if (!response.ok) throw new Error(await refusal(response, t("sandbox.failed")));
    },
    onSuccess: back,
  });

  return (
    <div style={{ maxWidth: 640, margin: "0 auto", padding: 16 }}>
      <Card title={t("page.paySandbox")} data-testid="sandbox-pay">
        <Alert type="warning" showIcon icon={<ExperimentOutlined />} message={t("sandbox.notice")} />
        {!link ? (
          <Result status="warning" title={t("sandbox.invalid")} />
        ) : (
          <Flex vertical gap={16} style={{ marginTop: 16 }}>
            <Descriptions
              column={1}
              bordered
              size="small"
              items={[
                { key: "no", label: t("order.no"), children: link.orderNo },
                {
                  key: "amount",
                  label: t("order.amount"),
                  children: <span data-testid="sandbox-amount">¥{formatCents(link.amount)}</span>,
                },
              ]}
            />
            {confirm.error && <Alert type="error" showIcon message={confirm.error.message || t("sandbox.failed")} />}
            <Flex gap={8} wrap>
              <Button
                type="primary"
                loading={confirm.isPending}
                onClick={() => confirm.mutate()}
                data-testid="sandbox-confirm"
              >
                {t("sandbox.confirm")}
              </Button>
              <Button onClick={back} data-testid="sandbox-cancel">
                {t("sandbox.cancel")}
              </Button>
            </Flex>
          </Flex>
        )}
      </Card>
    </div>
  );
}
