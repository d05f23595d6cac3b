import { type Banner, BannerAPI } from "@wenku/proto/api/v1/banner_pb.js";
import type { BannerType } from "@wenku/proto/api/v1/enums_pb.js";
import { Image, Select, Table, type TableColumnsType, Tag, Typography } from "antd";
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
import { BannerFormDrawer } from "./BannerFormDrawer.js";
import { BANNER_TYPE_COLORS, BANNER_TYPES, bannerTypeKey } from "./bannerTypes.js";

const BANNER_API = "/api.v1.BannerAPI";

/** /admin/banner: the carousel banners (website, mini-program, app); add, edit, enable, sort, delete. */
export default function BannerPage() {
  const { t } = useI18n();
  const can = useCan();
  const editing = useEditing<Banner | "new">();
  const list = useAdminList({
    method: BannerAPI.method.listBanner,
    request: (query) => ({
      page: BigInt(query.page),
      size: BigInt(query.size),
      wd: query.wd,
      type: query.filters.type ? [Number(query.filters.type) as BannerType] : [],
      enable: enableFilter(query),
    }),
    rows: (r) => r.banner,
    rowKey: (b) => idKey(b.id),
  });
  const remove = useAdminMutation(BannerAPI.method.deleteBanner, {
    success: t("adm.common.deleted"),
    failure: t("adm.common.deleteFailed"),
    onSuccess: list.clearSelection,
  });
  const change = useInlineUpdate(BannerAPI.method.updateBanner);

  const canUpdate = can(`${BANNER_API}/UpdateBanner`);
  const canDelete = can(`${BANNER_API}/DeleteBanner`);
  const columns: TableColumnsType<Banner> = [
    {
      title: t("adm.show.image"),
      key: "path",
      width: 112,
      render: (_, b) => (
        <Image src={b.path} alt={b.title} width={96} height={40} style={{ objectFit: "cover", borderRadius: 4 }} />
      ),
    },
    titleColumn(
      t("adm.common.title"),
      (b: Banner) => <strong>{b.title}</strong>,
      120,
      (b) => b.title,
    ),
    enableColumn(
      t,
      (b: Banner) => ({ enable: b.enable, name: b.title }),
      (b, enable) => void change(b, { enable }).catch(() => {}),
      !canUpdate,
    ),
    {
      title: t("adm.banner.type"),
      key: "type",
      responsive: ["sm"],
      render: (_, b) => <Tag color={BANNER_TYPE_COLORS[b.type]}>{t(bannerTypeKey(b.type))}</Tag>,
    },
    {
      title: t("adm.banner.url"),
      key: "url",
      ellipsis: true,
      width: 200,
      responsive: ["md"],
      render: (_, b) => (b.url ? <Typography.Text code>{b.url}</Typography.Text> : "-"),
    },
    sortColumn(
      t,
      (b: Banner) => ({ sort: b.sort, name: b.title }),
      (b, sort) => change(b, { sort }),
      !canUpdate,
    ),
    {
      title: t("adm.common.createdAt"),
      key: "createdAt",
      responsive: ["lg"],
      render: (_, b) => formatTime(b.createdAt),
    },
    actionsColumn(t, (b: Banner) => (
      <RowActions
        name={b.title}
        onEdit={canUpdate ? () => editing.open(b) : undefined}
        onDelete={canDelete ? () => void remove.run({ id: [b.id] }) : undefined}
      />
    )),
  ];

  const toolbar = (
    <AdminToolbar
      list={list}
      searchPlaceholder={t("adm.banner.searchPlaceholder")}
      onAdd={can(`${BANNER_API}/CreateBanner`) ? () => editing.open("new") : undefined}
      addLabel={t("adm.banner.add")}
      addTestId="banner-add"
      onBatchDelete={canDelete ? (rows) => remove.run({ id: rows.map((b) => b.id) }) : undefined}
      rowName={(b) => b.title}
    >
      <Select<BannerType>
        allowClear
        placeholder={t("adm.banner.allTypes")}
        aria-label={t("adm.banner.type")}
        style={{ width: 140 }}
        value={list.query.filters.type ? (Number(list.query.filters.type) as BannerType) : undefined}
        options={BANNER_TYPES.map((value) => ({ value, label: t(bannerTypeKey(value)) }))}
        onChange={(type?: BannerType) => list.setFilter("type", type === undefined ? undefined : String(type))}
      />
      <EnableFilter list={list} />
    </AdminToolbar>
  );

  return (
    <AdminCard title={t("admin.banner")} toolbar={toolbar} list={list}>
      <Table<Banner> {...list.tableProps(canDelete)} columns={columns} data-testid="banner-table" />
      <BannerFormDrawer key={editing.key} edit={editing.edit} onClose={editing.close} onSaved={editing.close} />
    </AdminCard>
  );
}
