import { EditOutlined, PlusOutlined, ReloadOutlined, StopOutlined } from "@ant-design/icons";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { PunishmentType } from "@wenku/proto/api/v1/enums_pb.js";
import { type Punishment, PunishmentAPI } from "@wenku/proto/api/v1/punishment_pb.js";
import { App, Button, Input, Popconfirm, Select, Space, Table, type TableColumnsType, Tag, Tooltip } from "antd";
import { useCallback, useState } from "react";
import { useClient } from "../../../api/client.js";
import { toApiError } from "../../../api/errors.js";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { useCan } from "../../../components/admin/permissions.js";
import { useRemote } from "../../../components/admin/remote.js";
import { tablePagination } from "../../../components/admin/table.js";
import { ApiErrorAlert } from "../../../components/common/ApiErrorAlert.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { PUNISHMENT_TYPES, PunishmentFormDrawer, punishmentTypeKey } from "./PunishmentFormDrawer.js";

const PUNISHMENT_API = "/api.v1.PunishmentAPI";

/** In force while enabled and the end time is unset or still ahead (punishment.proto). */
export function inForce(p: Pick<Punishment, "enable" | "endTime">, now: Date = new Date()): boolean {
  if (!p.enable) return false;
  if (!p.endTime || p.endTime.seconds === 0n) return true;
  return timestampDate(p.endTime) > now;
}

/** /admin/user/punishment: list, punish users with one or more types until a time, change, lift. */
export default function PunishmentPage() {
  const { t } = useI18n();
  const client = useClient(PunishmentAPI);
  const can = useCan();
  const { message, modal } = App.useApp();
  const [query, setQuery] = useState<{ page: number; size: number; wd: string; type?: PunishmentType }>({
    page: 1,
    size: 10,
    wd: "",
  });
  const [selected, setSelected] = useState<Punishment[]>([]);
  const [editing, setEditing] = useState<Punishment | "new" | null>(null);

  const load = useCallback(
    (signal: AbortSignal) =>
      client.listPunishment(
        {
          page: BigInt(query.page),
          size: BigInt(query.size),
          wd: query.wd,
          type: query.type === undefined ? [] : [query.type],
        },
        { signal },
      ),
    [client, query],
  );
  const list = useRemote(load, t("adm.common.loadFailed"));

  const lift = async (rows: readonly Punishment[]) => {
    try {
      await client.cancelPunishment({ id: rows.map((p) => p.id) });
      void message.success(t("adm.pun.cancelled"));
      setSelected([]);
      list.reload();
    } catch (cause) {
      void message.error(toApiError(cause, t("adm.common.saveFailed")).message);
    }
  };

  const columns: TableColumnsType<Punishment> = [
    { title: t("adm.common.id"), dataIndex: "id", width: 64, render: idKey },
    { title: t("adm.pun.user"), key: "user", render: (_, p) => p.username || `#${idKey(p.userId)}` },
    {
      title: t("adm.pun.type"),
      dataIndex: "type",
      render: (type: PunishmentType) => <Tag color="volcano">{t(punishmentTypeKey(type))}</Tag>,
    },
    {
      title: t("adm.common.status"),
      key: "status",
      render: (_, p) =>
        inForce(p) ? <Tag color="red">{t("adm.pun.active")}</Tag> : <Tag>{t("adm.pun.inactive")}</Tag>,
    },
    { title: t("adm.pun.reason"), dataIndex: "reason", ellipsis: true, width: 200 },
    { title: t("adm.pun.remark"), dataIndex: "remark", ellipsis: true, width: 160 },
    { title: t("adm.pun.startTime"), dataIndex: "startTime", render: formatTime },
    {
      title: t("adm.pun.endTime"),
      dataIndex: "endTime",
      render: (end: Punishment["endTime"]) => (end && end.seconds !== 0n ? formatTime(end) : t("adm.pun.forever")),
    },
    { title: t("adm.common.createdAt"), dataIndex: "createdAt", render: formatTime },
    {
      title: t("adm.common.actions"),
      key: "actions",
      fixed: "right",
      render: (_, p) => (
        <Space size={0}>
          {can(`${PUNISHMENT_API}/UpdatePunishment`) && (
            <Tooltip title={t("adm.common.edit")}>
              <Button
                type="link"
                icon={<EditOutlined />}
                aria-label={t("adm.common.edit")}
                onClick={() => setEditing(p)}
              />
            </Tooltip>
          )}
          {can(`${PUNISHMENT_API}/CancelPunishment`) && p.enable && (
            <Popconfirm title={t("adm.pun.cancelConfirm", { count: 1 })} onConfirm={() => void lift([p])}>
              <Button type="link" danger icon={<StopOutlined />}>
                {t("adm.pun.cancel")}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const toolbar = (
    <>
      <Input.Search
        allowClear
        placeholder={`${t("adm.pun.reason")} / ${t("adm.pun.remark")}`}
        aria-label={t("adm.common.search")}
        style={{ width: 220, maxWidth: "100%" }}
        onSearch={(wd) => setQuery((q) => ({ ...q, wd: wd.trim(), page: 1 }))}
      />
      <Select
        allowClear
        placeholder={t("adm.pun.allTypes")}
        style={{ width: 150 }}
        options={PUNISHMENT_TYPES.map((value) => ({ value, label: t(punishmentTypeKey(value)) }))}
        onChange={(type?: PunishmentType) => setQuery((q) => ({ ...q, type, page: 1 }))}
      />
      <Button icon={<ReloadOutlined />} onClick={list.reload}>
        {t("adm.common.refresh")}
      </Button>
      {can(`${PUNISHMENT_API}/CreatePunishment`) && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")} data-testid="punishment-add">
          {t("adm.pun.add")}
        </Button>
      )}
      {can(`${PUNISHMENT_API}/CancelPunishment`) && (
        <Button
          danger
          icon={<StopOutlined />}
          disabled={selected.length === 0}
          onClick={() =>
            modal.confirm({
              title: t("adm.pun.cancelConfirm", { count: selected.length }),
              okButtonProps: { danger: true },
              onOk: () => lift(selected),
            })
          }
        >
          {t("adm.pun.cancel")}
        </Button>
      )}
    </>
  );

  return (
    <AdminCard title={t("admin.user.punishment")} toolbar={toolbar}>
      {list.error && <ApiErrorAlert error={list.error} onRetry={list.reload} />}
      <Table<Punishment>
        rowKey={(p) => idKey(p.id)}
        columns={columns}
        dataSource={list.data?.punishment ?? []}
        loading={list.loading}
        scroll={{ x: "max-content" }}
        rowSelection={
          can(`${PUNISHMENT_API}/CancelPunishment`)
            ? { selectedRowKeys: selected.map((p) => idKey(p.id)), onChange: (_, rows) => setSelected(rows) }
            : undefined
        }
        pagination={tablePagination(t, query, list.data?.total, (page, size) =>
          setQuery((q) => ({ ...q, page, size })),
        )}
        data-testid="punishment-table"
      />
      <PunishmentFormDrawer
        open={editing !== null}
        punishment={editing === "new" ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
    </AdminCard>
  );
}
