import { StopOutlined } from "@ant-design/icons";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { PunishmentType } from "@wenku/proto/api/v1/enums_pb.js";
import { type Punishment, PunishmentAPI } from "@wenku/proto/api/v1/punishment_pb.js";
import { Button, Select, Table, type TableColumnsType, Tag } from "antd";
import { useState } from "react";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useCan } from "../../../components/admin/permissions.js";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { useConfirm } from "../../../components/admin/useConfirm.js";
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

const userOf = (p: Punishment) => p.username || `#${idKey(p.userId)}`;

/** /admin/user/punishment: list, punish users with one or more types until a time, change, lift. */
export default function PunishmentPage() {
  const { t } = useI18n();
  const can = useCan();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Punishment | "new" | null>(null);
  const list = useAdminList({
    method: PunishmentAPI.method.listPunishment,
    request: ({ page, size, wd, filters }) => ({
      page: BigInt(page),
      size: BigInt(size),
      wd,
      type: filters.type ? [Number(filters.type) as PunishmentType] : [],
    }),
    rows: (r) => r.punishment,
    rowKey: (p) => idKey(p.id),
  });
  const lift = useAdminMutation(PunishmentAPI.method.cancelPunishment, {
    success: t("adm.pun.cancelled"),
    onSuccess: list.clearSelection,
  });
  const canLift = can(`${PUNISHMENT_API}/CancelPunishment`);
  const liftRows = (rows: readonly Punishment[]) =>
    confirm({
      title: t("adm.pun.cancelConfirm", { count: rows.length }),
      names: rows.map(userOf),
      onOk: () => lift.run({ id: rows.map((p) => p.id) }),
    });

  const columns: TableColumnsType<Punishment> = [
    { title: t("adm.common.id"), dataIndex: "id", width: 64, responsive: ["md"], render: idKey },
    { title: t("adm.pun.user"), key: "user", render: (_, p) => userOf(p) },
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
    { title: t("adm.pun.reason"), dataIndex: "reason", ellipsis: true, width: 200, responsive: ["md"] },
    { title: t("adm.pun.remark"), dataIndex: "remark", ellipsis: true, width: 160, responsive: ["lg"] },
    { title: t("adm.pun.startTime"), dataIndex: "startTime", render: formatTime, responsive: ["lg"] },
    {
      title: t("adm.pun.endTime"),
      dataIndex: "endTime",
      responsive: ["md"],
      render: (end: Punishment["endTime"]) => (end && end.seconds !== 0n ? formatTime(end) : t("adm.pun.forever")),
    },
    { title: t("adm.common.createdAt"), dataIndex: "createdAt", render: formatTime, responsive: ["lg"] },
    actionsColumn(t, (p: Punishment) => (
      <RowActions
        name={userOf(p)}
        onEdit={can(`${PUNISHMENT_API}/UpdatePunishment`) ? () => setEditing(p) : undefined}
        actions={[
          canLift &&
            p.enable && {
              key: "lift",
              label: t("adm.pun.cancel"),
              icon: <StopOutlined />,
              danger: true,
              confirm: { title: t("adm.common.confirmAction", { action: t("adm.pun.cancel"), name: userOf(p) }) },
              onClick: () => void lift.run({ id: [p.id] }),
            },
        ]}
      />
    )),
  ];

  const toolbar = (
    <AdminToolbar
      list={list}
      searchPlaceholder={`${t("adm.pun.reason")} / ${t("adm.pun.remark")}`}
      onAdd={can(`${PUNISHMENT_API}/CreatePunishment`) ? () => setEditing("new") : undefined}
      addLabel={t("adm.pun.add")}
      addTestId="punishment-add"
      batch={
        canLift && (
          <Button
            danger
            icon={<StopOutlined />}
            disabled={list.selected.length === 0}
            onClick={() => liftRows(list.selected)}
          >
            {t("adm.pun.cancel")}
          </Button>
        )
      }
    >
      <Select
        allowClear
        placeholder={t("adm.pun.allTypes")}
        aria-label={t("adm.pun.type")}
        style={{ width: 150 }}
        value={list.query.filters.type ? Number(list.query.filters.type) : undefined}
        options={PUNISHMENT_TYPES.map((value) => ({ value, label: t(punishmentTypeKey(value)) }))}
        onChange={(type?: PunishmentType) => list.setFilter("type", type === undefined ? undefined : String(type))}
      />
    </AdminToolbar>
  );

  return (
    <AdminCard title={t("admin.user.punishment")} toolbar={toolbar} list={list}>
      <Table<Punishment> {...list.tableProps(canLift)} columns={columns} data-testid="punishment-table" />
      <PunishmentFormDrawer
        open={editing !== null}
        punishment={editing === "new" ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => setEditing(null)}
      />
    </AdminCard>
  );
}
