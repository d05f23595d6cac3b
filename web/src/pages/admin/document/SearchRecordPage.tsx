import { CloseOutlined, EyeInvisibleOutlined } from "@ant-design/icons";
import { skipToken, useQuery } from "@connectrpc/connect-query";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import { type SearchRecord, SearchRecordAPI } from "@wenku/proto/api/v1/searchrecord_pb.js";
import { Input, Select, Space, Table, type TableColumnsType, Tag, Typography } from "antd";
import { Link } from "react-router";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useCan } from "../../../components/admin/permissions.js";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { titleColumn } from "../../../components/admin/table.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { useSizeClass } from "../../../hooks/useSizeClass.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { searchPath } from "../../../router/paths.js";

type TypeFilter = "document" | "article";
const TYPES: Record<TypeFilter, ContentKind> = { document: ContentKind.DOCUMENT, article: ContentKind.ARTICLE };

/**
 * /admin/document/searchrecord: what people searched (keywords, who, from where, how many results,
 * how long it took), newest first; filter by keywords, address and type; delete one or many; hide a
 * record's keywords from the popular searches everyone sees, and show hidden ones again.
 */
export default function SearchRecordPage() {
  const { t } = useI18n();
  const can = useCan();
  const mobile = useSizeClass() === "mobile";
  const list = useAdminList({
    method: SearchRecordAPI.method.listSearchRecord,
    request: ({ page, size, wd, filters }) => {
      const type = TYPES[filters.type as TypeFilter];
      return {
        page: BigInt(page),
        size: BigInt(size),
        keywords: wd,
        ip: filters.ip ?? "",
        type: type === undefined ? [] : [type],
      };
    },
    rows: (r) => r.searchRecord,
    rowKey: (item) => idKey(item.id),
    pageSize: 20,
  });
  const remove = useAdminMutation(SearchRecordAPI.method.deleteSearchRecord, {
    success: t("adm.common.deleted"),
    failure: t("adm.common.deleteFailed"),
    onSuccess: list.clearSelection,
  });
  const canDelete = can("/api.v1.SearchRecordAPI/DeleteSearchRecord");
  const canHide = can("/api.v1.SearchRecordAPI/SetPopularSearchHidden");
  const canListHidden = can("/api.v1.SearchRecordAPI/ListHiddenPopularSearch");
  const hidden = useQuery(SearchRecordAPI.method.listHiddenPopularSearch, canListHidden ? {} : skipToken);
  const hide = useAdminMutation(SearchRecordAPI.method.setPopularSearchHidden, {
    success: t("adm.sr.hidden"),
  });
  const unhide = useAdminMutation(SearchRecordAPI.method.setPopularSearchHidden, {
    success: t("adm.sr.unhidden"),
  });

  const columns: TableColumnsType<SearchRecord> = [
    titleColumn(
      t("adm.sr.keywords"),
      (item: SearchRecord) => {
        const to = searchPath(item.keywords, item.type === ContentKind.ARTICLE ? 1 : 0);
        return to ? (
          <Link to={to} target="_blank" rel="noopener">
            {item.keywords}
          </Link>
        ) : (
          item.keywords
        );
      },
      140,
      (item) => item.keywords,
    ),
    {
      title: t("adm.sr.user"),
      key: "user",
      render: (_, item) =>
        item.userId === 0n ? (
          <Tag bordered={false}>{t("adm.sr.visitor")}</Tag>
        ) : (
          <Link to={`/user/${idKey(item.userId)}`} target="_blank" rel="noopener">
            {item.username || `#${idKey(item.userId)}`}
          </Link>
        ),
    },
    { title: t("adm.sr.ip"), key: "ip", render: (_, item) => item.ip || "-" },
    { title: t("adm.sr.total"), key: "total", width: 80, render: (_, item) => item.total },
    {
      title: t("adm.sr.spend"),
      key: "spend",
      width: 96,
      render: (_, item) => t("adm.sr.seconds", { seconds: item.spendTime.toFixed(3) }),
    },
    {
      title: t("adm.sr.type"),
      key: "type",
      width: 72,
      responsive: ["md"],
      render: (_, item) => t(item.type === ContentKind.ARTICLE ? "adm.sr.typeArticle" : "adm.sr.typeDocument"),
    },
    { title: t("adm.sr.createdAt"), key: "createdAt", render: (_, item) => formatTime(item.createdAt) },
    actionsColumn(t, (item: SearchRecord) => (
      <RowActions
        name={item.keywords}
        actions={[
          canHide && {
            key: "hide",
            label: t("adm.sr.hide"),
            icon: <EyeInvisibleOutlined />,
            confirm: { title: t("adm.sr.hideConfirm", { keywords: item.keywords }) },
            onClick: () => void hide.run({ keywords: item.keywords, hidden: true }),
          },
        ]}
        onDelete={canDelete ? () => void remove.run({ id: [item.id] }) : undefined}
      />
    )),
  ];

  const toolbar = (
    <AdminToolbar
      list={list}
      searchPlaceholder={t("adm.sr.searchPlaceholder")}
      onBatchDelete={canDelete ? (rows) => remove.run({ id: rows.map((item) => item.id) }) : undefined}
      rowName={(item) => item.keywords}
    >
      <Input.Search
        key={list.query.filters.ip ?? ""}
        allowClear
        defaultValue={list.query.filters.ip}
        placeholder={t("adm.sr.ipPlaceholder")}
        aria-label={t("adm.sr.ip")}
        style={{ width: mobile ? "100%" : 180 }}
        maxLength={64}
        onSearch={(value) => list.setFilter("ip", value.trim())}
        data-testid="searchrecord-ip"
      />
      <Select<TypeFilter>
        allowClear
        placeholder={t("adm.sr.allTypes")}
        aria-label={t("adm.sr.type")}
        style={{ width: 120 }}
        value={list.query.filters.type as TypeFilter | undefined}
        options={[
          { value: "document", label: t("adm.sr.typeDocument") },
          { value: "article", label: t("adm.sr.typeArticle") },
        ]}
        onChange={(type?: TypeFilter) => list.setFilter("type", type)}
      />
    </AdminToolbar>
  );

  return (
    <AdminCard title={t("admin.document.searchrecord")} toolbar={toolbar} list={list}>
      <Table<SearchRecord> {...list.tableProps(canDelete)} columns={columns} data-testid="searchrecord-table" />
      {canListHidden && (
        <Space wrap size={[4, 8]} style={{ marginTop: 16 }} data-testid="popular-hidden">
          <Typography.Text type="secondary">{t("adm.sr.hiddenList")}</Typography.Text>
          {(hidden.data?.hidden ?? []).length === 0 ? (
            <Typography.Text type="secondary">{t("adm.sr.hiddenNone")}</Typography.Text>
          ) : (
            hidden.data?.hidden.map((h) => (
              <Tag
                key={h.keywords}
                closable={canHide}
                closeIcon={
                  canHide ? <CloseOutlined aria-label={t("adm.sr.unhide", { keywords: h.keywords })} /> : undefined
                }
                onClose={(e) => {
                  e.preventDefault();
                  void unhide.run({ keywords: h.keywords, hidden: false });
                }}
              >
                {h.keywords}
              </Tag>
            ))
          )}
        </Space>
      )}
    </AdminCard>
  );
}
