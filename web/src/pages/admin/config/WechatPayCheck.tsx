import { useMutation } from "@connectrpc/connect-query";
import { ConfigAPI, type WechatPayCert } from "@wenku/proto/api/v1/config_pb.js";
import { Alert, Button, Descriptions, Flex, Typography } from "antd";
import { toApiError } from "../../../api/errors.js";
import { useCan } from "../../../components/admin/permissions.js";
import { formatTime } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

export const WECHATPAY_CERT_PATH = "/api.v1.ConfigAPI/GetWechatPayCert";

/**
 * The WeChat Pay group's "check" on /admin/config/pay (for holders of GetWechatPayCert): the platform
 * certificates downloaded now with the saved settings, answered as the newest one's serial and
 * validity (public key mode: the key's id, no dates), or the refusal's message (what is missing,
 * what WeChat Pay said).
 */
export function WechatPayCheck() {
  const can = useCan();
  return can(WECHATPAY_CERT_PATH) ? <CheckButton /> : null;
}

function CheckButton() {
  const { t } = useI18n();
  const check = useMutation(ConfigAPI.method.getWechatPayCert);
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }} data-testid="wechatpay-check">
      <Flex gap={8} wrap align="center">
        <Button onClick={() => check.mutate({})} loading={check.isPending} data-testid="wechatpay-check-button">
          {t("adm.cfg.wechatCheck")}
        </Button>
        <Typography.Text type="secondary">{t("adm.cfg.wechatCheckHint")}</Typography.Text>
      </Flex>
      {check.error && !check.isPending && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t("adm.cfg.wechatCheckFailed")}
          description={toApiError(check.error, t("adm.cfg.wechatCheckFailed")).message}
          data-testid="wechatpay-check-error"
        />
      )}
      {check.data && !check.isPending && <CertFound cert={check.data} />}
    </Flex>
  );
}

function CertFound({ cert }: { cert: WechatPayCert }) {
  const { t } = useI18n();
  const publicKey = !cert.effectiveAt && !cert.expiredAt;
  const items = publicKey
    ? [{ key: "id", label: t("adm.cfg.wechatPublicKeyId"), children: cert.serialNo }]
    : [
        { key: "serial", label: t("adm.cfg.wechatSerial"), children: cert.serialNo },
        {
          key: "validity",
          label: t("adm.cfg.wechatValidity"),
          children: t("adm.cfg.wechatValidityRange", {
            from: formatTime(cert.effectiveAt),
            to: formatTime(cert.expiredAt),
          }),
        },
      ];
  return (
    <Alert
      type="success"
      showIcon
      title={t("adm.cfg.wechatCheckOk")}
      description={
        <>
          <Descriptions size="small" column={1} items={items} styles={{ content: { wordBreak: "break-all" } }} />
          {publicKey && <Typography.Text type="secondary">{t("adm.cfg.wechatPublicKeyMode")}</Typography.Text>}
        </>
      }
      data-testid="wechatpay-check-result"
    />
  );
}
