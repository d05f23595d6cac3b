import { type Language, LanguageAPI } from "@wenku/proto/api/v1/language_pb.js";
import { Button, Table, type TableColumnsType, Typography } from "antd";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { EnableFilter, enableFilter } from "../../../components/admin/EnableFilter.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useEditing } from "../../../components/admin/list/useEditing.js";
import { useCan } from "../../../components/admin/permissions.js";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { enableColumn, titleColumn } from "../../../components/admin/table.js";
import { useConfirm } from "../../../components/admin/useConfirm.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { LanguageFormDrawer } from "./LanguageFormDrawer.js";
import { SortCell } from "./SortCell.js";

const LANG_API = "/api.v1.LanguageAPI";

/** /admin/document/language: the document languages; enable or disable (one or many), rename, re-sort. */
export default function LanguagePage() {
  const { t } = useI18n();
  const can = useCan();
  const confirm = useConfirm();
  const editing = useEditing<Language | "new">();
  const list = useAdminList({
    method: LanguageAPI.method.listLanguage,
    request: (query) => ({
      page: BigInt(query.page),
      size: BigInt(query.size),
      wd: query.wd,
      enable: enableFilter(query),
    }),
    rows: (r) => r.language,
    rowKey: (item) => idKey(item.id),
    pageSize: 20,
  });
  const setStatus = useAdminMutation(LanguageAPI.method.updateLanguageStatus, { onSuccess: list.clearSelection });
  const toggle = useAdminMutation(LanguageAPI.method.updateLanguageStatus, { success: false });
  const updateLanguage = useAdminMutation(LanguageAPI.method.updateLanguage, { success: false });
  const remove = useAdminMutation(LanguageAPI.method.deleteLanguage, {
    success: t("adm.common.deleted"),
    failure: t("adm.common.deleteFailed"),
    onSuccess: list.clearSelection,
  });
  const saveSort = async (item: Language, sort: number) => {
    const { id, language, code, enable } = item;
    if (!(await updateLanguage.run({ id, language, code, enable, sort }))) throw new Error("not saved");
  };

  const canStatus = can(`${LANG_API}/UpdateLanguageStatus`);
  const canUpdate = can(`${LANG_API}/UpdateLanguage`);
  const canDelete = can(`${LANG_API}/DeleteLanguage`);
  const columns: TableColumnsType<Language> = [
    { title: t("adm.common.id"), key: "id", width: 64, responsive: ["md"], render: (_, item) => String(item.id) },
    titleColumn(t("adm.lang.name"), (item: Language) => <strong>{item.language}</strong>, 100),
    {
      title: t("adm.lang.code"),
      key: "code",
      render: (_, item) => <Typography.Text code>{item.code}</Typography.Text>,
    },
    { title: t("adm.lang.total"), key: "total", width: 80, responsive: ["md"], render: (_, item) => item.total },
    enableColumn(
      t,
      (item: Language) => ({ enable: item.enable, name: item.language }),
      (item, enable) => void toggle.run({ id: [item.id], enable }),
      !canStatus,
    ),
    {
      title: t("adm.common.sort"),
      key: "sort",
      width: 104,
      responsive: ["sm"],
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
    actionsColumn(t, (item: Language) => (
      <RowActions
        name={item.language}
        onEdit={canUpdate ? () => editing.open(item) : undefined}
        onDelete={canDelete ? () => void remove.run({ id: [item.id] }) : undefined}
      />
    )),
  ];

  const ids = list.selected.map((item) => item.id);
  const toolbar = (
    <AdminToolbar
      list={list}
      searchPlaceholder={t("adm.lang.searchPlaceholder")}
      onAdd={can(`${LANG_API}/CreateLanguage`) ? () => editing.open("new") : undefined}
      addLabel={t("adm.lang.add")}
      addTestId="language-add"
      onBatchDelete={canDelete ? (rows) => remove.run({ id: rows.map((item) => item.id) }) : undefined}
      rowName={(item) => item.language}
      batch={
        canStatus && (
          <>
            <Button disabled={ids.length === 0} onClick={() => void setStatus.run({ id: ids, enable: true })}>
              {t("adm.lang.batchEnable")}
            </Button>
            <Button
              disabled={ids.length === 0}
              onClick={() =>
                confirm({
                  title: t("adm.common.confirmBatch", { action: t("adm.lang.batchDisable"), count: ids.length }),
                  names: list.selected.map((item) => item.language),
                  onOk: () => setStatus.run({ id: ids, enable: false }),
                })
              }
            >
              {t("adm.lang.batchDisable")}
            </Button>
          </>
        )
      }
    >
      <EnableFilter list={list} />
    </AdminToolbar>
  );

  return (
    <AdminCard title={t("admin.document.language")} toolbar={toolbar} list={list}>
      <Table<Language> {...list.tableProps(canStatus || canDelete)} columns={columns} data-testid="language-table" />
      <LanguageFormDrawer key={editing.key} edit={editing.edit} onClose={editing.close} onSaved={editing.close} />
    </AdminCard>
  );
}
