import { GiftOutlined } from "@ant-design/icons";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { type UserVip, UserVipAPI } from "@wenku/proto/api/v1/vip_pb.js";
import { Button, Table, type TableColumnsType, Tag } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useCan } from "../../../components/admin/permissions.js";
import { actionsColumn } from "../../../components/admin/RowActions.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { vipCardTypeKey } from "../../vip/vipCards.js";
import { VipGrantDialog } from "./VipGrantDialog.js";

const isActive = (v: UserVip) => !!v.expiredAt && timestampDate(v.expiredAt).getTime() > Date.now();

/** The VIP members on /admin/user/vip: searched by username, newest expiry first; grant or extend. */
export function VipMemberTab() {
  const { t } = useI18n();
  const can = useCan();
  const canGrant = can("/api.v1.UserVipAPI/GrantUserVip");
  // null: closed; 0n: a grant to a user id typed in the dialog
  const [granting, setGranting] = useState<bigint | null>(null);
  const list = useAdminList({
    method: UserVipAPI.method.listUserVip,
    request: (query) => ({ page: BigInt(query.page), size: BigInt(query.size), wd: query.wd }),
    rows: (r) => r.userVip,
    rowKey: (v) => idKey(v.id),
  });
  const columns: TableColumnsType<UserVip> = [
    { title: "ID", key: "userId", width: 80, render: (_, v) => String(v.userId) },
    {
      title: t("adm.vip.username"),
      key: "username",
      render: (_, v) => <Link to={`/user/${v.userId}`}>{v.username}</Link>,
    },
    {
      title: t("adm.vip.state"),
      key: "state",
      render: (_, v) =>
        isActive(v) ? <Tag color="gold">{t("adm.vip.active")}</Tag> : <Tag>{t("adm.vip.lapsed")}</Tag>,
    },
    { title: t("adm.vip.expiredAt"), key: "expiredAt", render: (_, v) => formatTime(v.expiredAt) },
    {
      title: t("adm.vip.lastCard"),
      key: "cardType",
      responsive: ["sm"],
      render: (_, v) => t(vipCardTypeKey(v.cardType)),
    },
    { title: t("adm.vip.totalDays"), key: "totalDays", responsive: ["sm"], render: (_, v) => v.totalDays },
    {
      title: t("adm.common.createdAt"),
      key: "createdAt",
      responsive: ["lg"],
      render: (_, v) => formatTime(v.createdAt),
    },
    ...(canGrant
      ? [
          actionsColumn(t, (v: UserVip) => (
            <Button size="small" type="link" onClick={() => setGranting(v.userId)} data-testid="vip-extend">
              {t("adm.vip.extend")}
            </Button>
          )),
        ]
      : []),
  ];
  const toolbar = (
    <AdminToolbar list={list} searchPlaceholder={t("adm.vip.searchMember")}>
      {canGrant && (
        <Button icon={<GiftOutlined />} onClick={() => setGranting(0n)} data-testid="vip-grant">
          {t("adm.vip.grant")}
        </Button>
      )}
    </AdminToolbar>
  );
  return (
    <AdminCard title={t("adm.vip.members")} toolbar={toolbar} list={list}>
      <Table<UserVip> {...list.tableProps(false)} columns={columns} data-testid="vip-member-table" />
      {granting !== null && (
        <VipGrantDialog userId={granting === 0n ? null : granting} onClose={() => setGranting(null)} />
      )}
    </AdminCard>
  );
}
