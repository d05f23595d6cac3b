import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { type Language, LanguageAPI } from "@wenku/proto/api/v1/language_pb.js";
import {
  App,
  Button,
  Input,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
} from "antd";
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
import { LanguageFormDrawer } from "./LanguageFormDrawer.js";
import { SortCell } from "./SortCell.js";

const LANG_API = "/api.v1.LanguageAPI";
type Status = "enabled" | "disabled";

interface Query {
  page: number;
  size: number;
  wd: string;
  status: Status | undefined;
}

/** /admin/document/language: the document languages; enable or disable (one or many), rename, re-sort. */
export default function LanguagePage() {
  const { t } = useI18n();
  const client = useClient(LanguageAPI);
  const can = useCan();
  const { message, modal } = App.useApp();
  const [query, setQuery] = useState<Query>({ page: 1, size: 20, wd: "", status: undefined });
  const [selected, setSelected] = useState<string[]>([]);
  const [edit, setEditState] = useState<Language | "new" | null>(null);
  // A new drawer (and form store) for every opening: a kept store would carry the last values over.
  const [opening, setOpening] = useState(0);
  const setEdit = (next: Language | "new" | null) => {
    if (next) setOpening((n) => n + 1);
    setEditState(next);
  };

  const load = useCallback(
    (signal: AbortSignal) =>
      client.listLanguage(
        {
          page: BigInt(query.page),
          size: BigInt(query.size),
          wd: query.wd,
          enable: query.status === undefined ? [] : [query.status === "enabled"],
        },
        { signal },
      ),
    [client, query],
  );
  const list = useRemote(load, t("adm.common.loadFailed"));

  const setStatus = async (ids: readonly string[], enable: boolean) => {
    try {
      await client.updateLanguageStatus({ id: ids.map((id) => BigInt(id)), enable });
      if (ids.length > 1) void message.success(t("adm.common.saved"));
      list.reload();
    } catch (cause) {
      void message.error(toApiError(cause, t("adm.common.saveFailed")).message);
    }
  };
  const saveSort = async (item: Language, sort: number) => {
    try {
      await client.updateLanguage({ id: item.id, language: item.language, code: item.code, enable: item.enable, sort });
      list.reload();
    } catch (cause) {
      void message.error(toApiError(cause, t("adm.common.saveFailed")).message);
      throw cause;
    }
  };
  const remove = async (ids: readonly string[]) => {
    try {
      await client.deleteLanguage({ id: ids.map((id) => BigInt(id)) });
      void message.success(t("adm.common.deleted"));
      setSelected([]);
      list.reload();
    } catch (cause) {
      void message.error(toApiError(cause, t("adm.common.deleteFailed")).message);
    }
  };

  const canStatus = can(`${LANG_API}/UpdateLanguageStatus`);
  const canUpdate = can(`${LANG_API}/UpdateLanguage`);
  const canDelete = can(`${LANG_API}/DeleteLanguage`);
  const columns: TableColumnsType<Language> = [
    { title: t("adm.common.id"), key: "id", width: 64, responsive: ["md"], render: (_, item) => String(item.id) },
    { title: t("adm.lang.name"), key: "language", render: (_, item) => <strong>{item.language}</strong> },
    {
      title: t("adm.lang.code"),
      key: "code",
      render: (_, item) => <Typography.Text code>{item.code}</Typography.Text>,
    },
    { title: t("adm.lang.total"), key: "total", width: 80, responsive: ["md"], render: (_, item) => item.total },
    {
      title: t("adm.common.enable"),
      key: "enable",
      render: (_, item) => (
        <Switch
          size="small"
          checked={item.enable}
          disabled={!canStatus}
          aria-label={`${t("adm.common.enable")} ${item.language}`}
          onChange={(enable) => void setStatus([idKey(item.id)], enable)}
        />
      ),
    },
    {
      title: t("adm.common.sort"),
      key: "sort",
      width: 104,
      render: (_, item) => (
        <SortCell
          value={item.sort}
          disabled={!canUpdate}
          label={`${t("adm.common.sort")} ${item.language}`}
          onSave={(sort) => saveSort(item, sort)}
        />
      ),
    },
    {
      title: t("adm.common.updatedAt"),
      key: "updatedAt",
      responsive: ["md"],
      render: (_, item) => formatTime(item.updatedAt),
    },
    {
      title: t("adm.common.actions"),
      key: "actions",
      fixed: "right",
      render: (_, item) => (
        <Space size={0}>
          {canUpdate && (
            <Tooltip title={t("adm.common.edit")}>
              <Button
                type="link"
                icon={<EditOutlined />}
                aria-label={t("adm.common.edit")}
                onClick={() => setEdit(item)}
              />
            </Tooltip>
          )}
          {canDelete && (
            <Popconfirm
              title={t("adm.common.confirmDeleteOne", { name: item.language })}
              onConfirm={() => void remove([idKey(item.id)])}
            >
              <Button type="link" danger icon={<DeleteOutlined />} aria-label={t("adm.common.delete")} />
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
        placeholder={t("adm.lang.searchPlaceholder")}
        aria-label={t("adm.common.search")}
        style={{ width: 220, maxWidth: "100%" }}
        onSearch={(wd) => setQuery((q) => ({ ...q, wd: wd.trim(), page: 1 }))}
      />
      <Select<Status>
        allowClear
        placeholder={t("adm.lang.allStatus")}
        aria-label={t("adm.common.status")}
        style={{ width: 130 }}
        value={query.status}
        options={[
          { value: "enabled", label: t("adm.lang.enabled") },
          { value: "disabled", label: t("adm.lang.disabled") },
        ]}
        onChange={(status?: Status) => setQuery((q) => ({ ...q, status, page: 1 }))}
      />
      <Button icon={<ReloadOutlined />} onClick={list.reload}>
        {t("adm.common.refresh")}
      </Button>
      {can(`${LANG_API}/CreateLanguage`) && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEdit("new")} data-testid="language-add">
          {t("adm.lang.add")}
        </Button>
      )}
      {canStatus && (
        <>
          <Button disabled={selected.length === 0} onClick={() => void setStatus(selected, true)}>
            {t("adm.lang.batchEnable")}
          </Button>
          <Button disabled={selected.length === 0} onClick={() => void setStatus(selected, false)}>
            {t("adm.lang.batchDisable")}
          </Button>
        </>
      )}
      {canDelete && (
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={selected.length === 0}
          onClick={() =>
            modal.confirm({
              title: t("adm.common.confirmDelete", { count: selected.length }),
              okButtonProps: { danger: true },
              onOk: () => remove(selected),
            })
          }
        >
          {t("adm.common.batchDelete")}
        </Button>
      )}
    </>
  );

  return (
    <AdminCard title={t("admin.document.language")} toolbar={toolbar}>
      {list.error && <ApiErrorAlert error={list.error} onRetry={list.reload} />}
      <Table<Language>
        rowKey={(item) => idKey(item.id)}
        columns={columns}
        dataSource={list.data?.language ?? []}
        loading={list.loading}
        scroll={{ x: "max-content" }}
        rowSelection={
          canStatus || canDelete
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }
            : undefined
        }
        pagination={tablePagination(t, query, list.data?.total, (page, size) =>
          setQuery((q) => ({ ...q, page, size })),
        )}
        data-testid="language-table"
      />
      <LanguageFormDrawer
        key={opening}
        edit={edit}
        onClose={() => setEdit(null)}
        onSaved={() => {
          setEdit(null);
          list.reload();
        }}
      />
    </AdminCard>
  );
}
