import type { VipCardType } from "@wenku/proto/api/v1/enums_pb.js";
import { UserVipAPI, type VipCard } from "@wenku/proto/api/v1/vip_pb.js";
import { Select, Table, type TableColumnsType, Tag } from "antd";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { EnableFilter, enableFilter } from "../../../components/admin/EnableFilter.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useEditing } from "../../../components/admin/list/useEditing.js";
import { useCan } from "../../../components/admin/permissions.js";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { sortColumn, useInlineUpdate } from "../../../components/admin/sortedItems.js";
import { descriptionColumn, enableColumn, titleColumn } from "../../../components/admin/table.js";
import { idKey } from "../../../components/common/format.js";
import { formatCents } from "../../../components/orders/recharge.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { payableCents, VIP_CARD_TYPES, vipCardTypeKey } from "../../vip/vipCards.js";
import { VipCardFormDrawer } from "./VipCardFormDrawer.js";

const VIP_API = "/api.v1.UserVipAPI";

/** The VIP cards on /admin/user/vip: add, edit, enable, sort, delete. */
export function VipCardTab() {
  const { t } = useI18n();
  const can = useCan();
  const editing = useEditing<VipCard | "new">();
  const list = useAdminList({
    method: UserVipAPI.method.listVipCard,
    request: (query) => ({
      page: BigInt(query.page),
      size: BigInt(query.size),
      type: query.filters.type ? [Number(query.filters.type) as VipCardType] : [],
      enable: enableFilter(query),
    }),
    rows: (r) => r.vipCard,
    rowKey: (c) => idKey(c.id),
  });
  const remove = useAdminMutation(UserVipAPI.method.deleteVipCard, {
    success: t("adm.common.deleted"),
    failure: t("adm.common.deleteFailed"),
    onSuccess: list.clearSelection,
  });
  const change = useInlineUpdate(UserVipAPI.method.updateVipCard);
  const canUpdate = can(`${VIP_API}/UpdateVipCard`);
  const canDelete = can(`${VIP_API}/DeleteVipCard`);
  const columns: TableColumnsType<VipCard> = [
    titleColumn(
      t("adm.common.title"),
      (c: VipCard) => <strong>{c.title}</strong>,
      100,
      (c) => c.title,
    ),
    {
      title: t("adm.vip.type"),
      key: "type",
      render: (_, c) => <Tag color="gold">{t(vipCardTypeKey(c.type))}</Tag>,
    },
    { title: t("adm.vip.price"), key: "price", render: (_, c) => formatCents(c.price) },
    { title: t("adm.vip.discount"), key: "discount", responsive: ["sm"], render: (_, c) => c.discount },
    { title: t("adm.vip.payable"), key: "payable", render: (_, c) => formatCents(payableCents(c)) },
    { title: t("adm.vip.creditPrice"), key: "credit", responsive: ["md"], render: (_, c) => c.creditPrice },
    { title: t("adm.vip.days"), key: "days", render: (_, c) => c.days },
    {
      title: t("adm.vip.cardBenefits"),
      key: "cardBenefits",
      responsive: ["md"],
      render: (_, c) =>
        t("adm.vip.cardBenefitsValue", {
          discount: c.documentDiscount ?? 100,
          download: c.download ?? 0,
          daily: c.timesEveryDay ? String(c.timesEveryDay) : t("adm.vip.noCap"),
        }),
    },
    enableColumn(
      t,
      (c: VipCard) => ({ enable: c.enable, name: c.title }),
      (c, enable) => void change(c, { enable }).catch(() => {}),
      !canUpdate,
    ),
    sortColumn(
      t,
      (c: VipCard) => ({ sort: c.sort, name: c.title }),
      (c, sort) => change(c, { sort }),
      !canUpdate,
    ),
    { ...descriptionColumn(t, (c: VipCard) => c.description), title: t("adm.vip.benefits") },
    actionsColumn(t, (c: VipCard) => (
      <RowActions
        name={c.title}
        onEdit={canUpdate ? () => editing.open(c) : undefined}
        onDelete={canDelete ? () => void remove.run({ id: [c.id] }) : undefined}
      />
    )),
  ];
  const toolbar = (
    <AdminToolbar
      list={list}
      onAdd={can(`${VIP_API}/CreateVipCard`) ? () => editing.open("new") : undefined}
      addLabel={t("adm.vip.addCard")}
      addTestId="vip-card-add"
      onBatchDelete={canDelete ? (rows) => remove.run({ id: rows.map((c) => c.id) }) : undefined}
      rowName={(c) => c.title}
    >
      <Select<VipCardType>
        allowClear
        placeholder={t("adm.vip.allTypes")}
        aria-label={t("adm.vip.type")}
        style={{ width: 130 }}
        value={list.query.filters.type ? (Number(list.query.filters.type) as VipCardType) : undefined}
        options={VIP_CARD_TYPES.map((value) => ({ value, label: t(vipCardTypeKey(value)) }))}
        onChange={(type?: VipCardType) => list.setFilter("type", type === undefined ? undefined : String(type))}
      />
      <EnableFilter list={list} />
    </AdminToolbar>
  );
  return (
    <AdminCard title={t("adm.vip.cards")} toolbar={toolbar} list={list}>
      <Table<VipCard> {...list.tableProps(canDelete)} columns={columns} data-testid="vip-card-table" />
      <VipCardFormDrawer key={editing.key} edit={editing.edit} onClose={editing.close} onSaved={editing.close} />
    </AdminCard>
  );
}
