import { useQuery } from "@connectrpc/connect-query";
import { ConfigAPI, type DeviceInfo } from "@wenku/proto/api/v1/config_pb.js";
import { Card, Col, Progress, Row, Skeleton, Typography } from "antd";
import { toApiError } from "../../../api/errors.js";
import { useCan } from "../../../components/admin/permissions.js";
import { ApiErrorAlert } from "../../../components/common/ApiErrorAlert.js";
import { formatBytes } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

/** The server's CPU, memory and disks on the dashboard (for holders of GetDeviceInfo), refreshed now and then. */
export function DeviceCard() {
  const can = useCan();
  return can("/api.v1.ConfigAPI/GetDeviceInfo") ? <DeviceStatus /> : null;
}

const REFRESH_MS = 30_000;

function DeviceStatus() {
  const { t } = useI18n();
  const device = useQuery(ConfigAPI.method.getDeviceInfo, {}, { refetchInterval: REFRESH_MS });
  return (
    <Card size="small" title={t("adm.device.title")} style={{ marginTop: 24 }} data-testid="dashboard-device">
      {device.error && (
        <ApiErrorAlert error={toApiError(device.error, t("adm.device.failed"))} onRetry={() => void device.refetch()} />
      )}
      {!device.data && !device.error && <Skeleton active paragraph={{ rows: 2 }} />}
      {device.data && <DeviceView device={device.data} />}
    </Card>
  );
}

function Meter({ title, percent, detail, testId }: { title: string; percent: number; detail: string; testId: string }) {
  return (
    <div data-testid={testId}>
      <Typography.Text strong>{title}</Typography.Text>
      <Progress
        percent={Math.round(percent)}
        status="normal"
        strokeColor={percent >= 90 ? "#ff4d4f" : undefined}
        format={(p) => `${p}%`}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: "break-all" }}>
        {detail}
      </Typography.Text>
    </div>
  );
}

function DeviceView({ device }: { device: DeviceInfo }) {
  const { t } = useI18n();
  const { cpu, memory } = device;
  return (
    <Row gutter={[24, 16]}>
      {cpu && (
        <Col xs={24} md={12}>
          <Meter
            testId="device-cpu"
            title={t("adm.device.cpu")}
            percent={cpu.percent}
            detail={[t("adm.device.cores", { count: cpu.cores }), cpu.modelName].filter(Boolean).join(" · ")}
          />
        </Col>
      )}
      {memory && (
        <Col xs={24} md={12}>
          <Meter
            testId="device-memory"
            title={t("adm.device.memory")}
            percent={memory.percent}
            detail={t("adm.device.usage", { used: formatBytes(memory.used), total: formatBytes(memory.total) })}
          />
        </Col>
      )}
      {device.disk.map((d) => (
        <Col key={d.diskName} xs={24} md={12}>
          <Meter
            testId="device-disk"
            title={`${t("adm.device.disk")} · ${d.diskName}`}
            percent={d.percent}
            detail={`${t("adm.device.usage", { used: formatBytes(d.used), total: formatBytes(d.total) })} · ${t("adm.device.free", { free: formatBytes(d.free) })}`}
          />
        </Col>
      ))}
    </Row>
  );
}
