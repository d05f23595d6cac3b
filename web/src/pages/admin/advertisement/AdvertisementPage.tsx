import { type Advertisement, AdvertisementAPI } from "@wenku/proto/api/v1/advertisement_pb.js";
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
import { enableColumn, titleColumn } from "../../../components/admin/table.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import type { MessageKey } from "../../../i18n/zh-CN.js";
import { AdvertisementFormDrawer } from "./AdvertisementFormDrawer.js";
import { AD_STATE_COLORS, adState } from "./adWindow.js";
import { positionLabel, positionOptions } from "./positions.js";

const AD_API = "/api.v1.AdvertisementAPI";

/** /admin/advertisement: ads at the 17 positions (HTML or image) with their window; add, edit, enable, sort, delete. */
export default function AdvertisementPage() {
  const { t } = useI18n();
  const can = useCan();
  const editing = useEditing<Advertisement | "new">();
  const list = useAdminList({
    method: AdvertisementAPI.method.listAdvertisement,
    request: (query) => ({
      page: BigInt(query.page),
      size: BigInt(query.size),
      wd: query.wd,
      position: query.filters.position ? [query.filters.position] : [],
      enable: enableFilter(query),
    }),
    rows: (r) => r.advertisement,
    rowKey: (ad) => idKey(ad.id),
  });
  const remove = useAdminMutation(AdvertisementAPI.method.deleteAdvertisement, {
    success: t("adm.common.deleted"),
    failure: t("adm.common.deleteFailed"),
    onSuccess: list.clearSelection,
  });
  const change = useInlineUpdate(AdvertisementAPI.method.updateAdvertisement);

  const canUpdate = can(`${AD_API}/UpdateAdvertisement`);
  const canDelete = can(`${AD_API}/DeleteAdvertisement`);
  const columns: TableColumnsType<Advertisement> = [
    titleColumn(
      t("adm.common.title"),
      (ad: Advertisement) => <strong>{ad.title}</strong>,
      120,
      (ad) => ad.title,
    ),
    {
      title: t("adm.ad.position"),
      key: "position",
      responsive: ["sm"],
      render: (_, ad) => positionLabel(t, ad.position),
    },
    {
      title: t("adm.ad.kind"),
      key: "kind",
      responsive: ["lg"],
      render: (_, ad) => <Tag>{t(ad.image ? "adm.ad.kind.image" : "adm.ad.kind.html")}</Tag>,
    },
    {
      title: t("adm.common.status"),
      key: "state",
      render: (_, ad) => {
        const state = adState(ad);
        return <Tag color={AD_STATE_COLORS[state]}>{t(`adm.ad.state.${state}` as MessageKey)}</Tag>;
      },
    },
    enableColumn(
      t,
      (ad: Advertisement) => ({ enable: ad.enable, name: ad.title }),
      (ad, enable) => void change(ad, { enable }).catch(() => {}),
      !canUpdate,
    ),
    sortColumn(
      t,
      (ad: Advertisement) => ({ sort: ad.sort, name: ad.title }),
      (ad, sort) => change(ad, { sort }),
      !canUpdate,
    ),
    {
      title: t("adm.ad.window"),
      key: "window",
      responsive: ["xl"],
      render: (_, ad) =>
        ad.startTime || ad.endTime ? `${formatTime(ad.startTime)} ~ ${formatTime(ad.endTime)}` : t("adm.ad.always"),
    },
    {
      title: t("adm.ad.remark"),
      key: "remark",
      ellipsis: true,
      width: 160,
      responsive: ["xxl"],
      render: (_, ad) => ad.remark,
    },
    actionsColumn(t, (ad: Advertisement) => (
      <RowActions
        name={ad.title}
        onEdit={canUpdate ? () => editing.open(ad) : undefined}
        onDelete={canDelete ? () => void remove.run({ id: [ad.id] }) : undefined}
      />
    )),
  ];

  const toolbar = (
    <AdminToolbar
      list={list}
      searchPlaceholder={t("adm.ad.searchPlaceholder")}
      onAdd={can(`${AD_API}/CreateAdvertisement`) ? () => editing.open("new") : undefined}
      addLabel={t("adm.ad.add")}
      addTestId="advertisement-add"
      onBatchDelete={canDelete ? (rows) => remove.run({ id: rows.map((ad) => ad.id) }) : undefined}
      rowName={(ad) => ad.title}
    >
      <Select<string>
        allowClear
        showSearch={{ optionFilterProp: "label" }}
        virtual={false}
        placeholder={t("adm.ad.allPositions")}
        aria-label={t("adm.ad.position")}
        style={{ width: 200 }}
        value={list.query.filters.position}
        options={positionOptions(t)}
        onChange={(position?: string) => list.setFilter("position", position)}
      />
      <EnableFilter list={list} />
    </AdminToolbar>
  );

  return (
    <AdminCard title={t("admin.advertisement")} toolbar={toolbar} list={list}>
      <Table<Advertisement> {...list.tableProps(canDelete)} columns={columns} data-testid="advertisement-table" />
      <AdvertisementFormDrawer key={editing.key} edit={editing.edit} onClose={editing.close} onSaved={editing.close} />
    </AdminCard>
  );
}
