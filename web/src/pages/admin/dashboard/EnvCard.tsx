import { useQuery } from "@connectrpc/connect-query";
import { ConfigAPI, type EnvDependent } from "@wenku/proto/api/v1/config_pb.js";
import { Button, Card, Descriptions, Flex, List, Skeleton, Tag, Typography } from "antd";
import { toApiError } from "../../../api/errors.js";
import { useCan } from "../../../components/admin/permissions.js";
import { ApiErrorAlert } from "../../../components/common/ApiErrorAlert.js";
import { formatTime } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import type { MessageKey } from "../../../i18n/zh-CN.js";

/** The tools the server reports, by name: their names and what they enable in the UI's language. */
const ENV_TEXTS: Readonly<Record<string, { name: MessageKey; desc: MessageKey }>> = {
  MuPDF: { name: "adm.env.name.MuPDF", desc: "adm.env.desc.MuPDF" },
  LibreOffice: { name: "adm.env.name.LibreOffice", desc: "adm.env.desc.LibreOffice" },
  "CJK fonts": { name: "adm.env.name.CJK fonts", desc: "adm.env.desc.CJK fonts" },
  "Tesseract OCR": { name: "adm.env.name.Tesseract OCR", desc: "adm.env.desc.Tesseract OCR" },
};

/**
 * The environment check on the dashboard (for holders of GetEnvs): each converter tool and font the
 * content service finds or misses, what it enables and how to install it; checked again on demand.
 */
export function EnvCard() {
  const can = useCan();
  return can("/api.v1.ConfigAPI/GetEnvs") ? <EnvCheck /> : null;
}

function EnvCheck() {
  const { t } = useI18n();
  const envs = useQuery(ConfigAPI.method.getEnvs, {}, { staleTime: 0 });
  return (
    <Card
      size="small"
      title={t("adm.env.title")}
      style={{ marginTop: 24 }}
      data-testid="dashboard-envs"
      extra={
        <Button size="small" onClick={() => void envs.refetch()} loading={envs.isFetching}>
          {t("adm.env.recheck")}
        </Button>
      }
    >
      {envs.error && (
        <ApiErrorAlert error={toApiError(envs.error, t("adm.env.failed"))} onRetry={() => void envs.refetch()} />
      )}
      {!envs.data && !envs.error && <Skeleton active paragraph={{ rows: 3 }} />}
      {envs.data && (
        <List
          itemLayout="vertical"
          dataSource={envs.data.envs}
          rowKey={(e) => e.name}
          renderItem={(env) => <EnvItem env={env} />}
        />
      )}
    </Card>
  );
}

function EnvItem({ env }: { env: EnvDependent }) {
  const { t } = useI18n();
  const texts = ENV_TEXTS[env.name];
  const items = [
    { key: "enables", label: t("adm.env.enables"), children: texts ? t(texts.desc) : env.description },
    ...(env.isInstalled || !env.error ? [] : [{ key: "problem", label: t("adm.env.problem"), children: env.error }]),
    ...(env.isInstalled || !env.install
      ? []
      : [
          {
            key: "install",
            label: t("adm.env.install"),
            children: (
              <Flex vertical gap={4}>
                {env.install.split("\n").map((line) => (
                  <Typography.Text key={line} code copyable style={{ wordBreak: "break-all" }}>
                    {line}
                  </Typography.Text>
                ))}
              </Flex>
            ),
          },
        ]),
  ];
  return (
    <List.Item data-testid={`env-${env.name}`}>
      <Flex wrap gap={8} align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{texts ? t(texts.name) : env.name}</Typography.Text>
        <Tag color={env.isInstalled ? "green" : env.isRequired ? "red" : "orange"}>
          {t(env.isInstalled ? "adm.env.installed" : "adm.env.missing")}
        </Tag>
        <Tag>{t(env.isRequired ? "adm.env.required" : "adm.env.optional")}</Tag>
        {env.version && <Typography.Text type="secondary">{env.version}</Typography.Text>}
        {env.checkedAt && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t("adm.env.checkedAt", { time: formatTime(env.checkedAt) })}
          </Typography.Text>
        )}
      </Flex>
      <Descriptions size="small" column={1} items={items} />
    </List.Item>
  );
}
