import { FileSearchOutlined } from "@ant-design/icons";
import { type Attachment, AttachmentAPI } from "@wenku/proto/api/v1/attachment_pb.js";
import { AttachmentType } from "@wenku/proto/api/v1/enums_pb.js";
import { Image, Input, Select, Table, type TableColumnsType, Tag, Typography } from "antd";
import { Link } from "react-router";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { enableFilter } from "../../../components/admin/EnableFilter.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useCan } from "../../../components/admin/permissions.js";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { titleColumn } from "../../../components/admin/table.js";
import { formatBytes, formatTime, idKey } from "../../../components/common/format.js";
import { DocTypeIcon } from "../../../components/document/DocTypeIcon.js";
import { useSizeClass } from "../../../hooks/useSizeClass.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import type { MessageKey } from "../../../i18n/zh-CN.js";

const ATTACHMENT_API = "/api.v1.AttachmentAPI";
/** The kinds of upload, as ListAttachment filters them (AttachmentType, unknown left out). */
const TYPES = [
  AttachmentType.DOCUMENT,
  AttachmentType.AVATAR,
  AttachmentType.ARTICLE,
  AttachmentType.COMMENT,
  AttachmentType.BANNER,
  AttachmentType.CATEGORY_COVER,
  AttachmentType.CONFIG,
  AttachmentType.SPIDER_DOCUMENT,
];
const typeKey = (type: AttachmentType) => `adm.att.type.${type}` as MessageKey;
/** A user id as the filter box takes it (digits, an int64). */
const USER_ID = /^\d{1,18}$/;

/**
 * What an upload looks like: an image inline (it opens larger); a document file, which is only read
 * through its document, as a link to the document using it.
 */
function Preview({ a }: { a: Attachment }) {
  const { t } = useI18n();
  if (a.type === AttachmentType.DOCUMENT || a.type === AttachmentType.SPIDER_DOCUMENT || !a.path) {
    return a.typeId > 0n ? (
      <Link to={`/document/${idKey(a.typeId)}`} target="_blank" rel="noopener" data-testid="attachment-document">
        <DocTypeIcon ext={a.ext} size={20} /> {t("adm.att.openDocument")}
      </Link>
    ) : (
      <Typography.Text type="secondary" title={t("adm.att.documentHint")}>
        <DocTypeIcon ext={a.ext} size={20} /> <FileSearchOutlined />
      </Typography.Text>
    );
  }
  return (
    <Image
      src={a.path}
      alt={a.name}
      width={56}
      height={56}
      style={{ objectFit: "cover", borderRadius: 4 }}
      data-testid="attachment-image"
    />
  );
}

/**
 * /admin/attachment: every uploaded file, newest first (documents, images of articles, avatars,
 * banners…): preview, uploader, size, status. Filters: keyword (name or MD5), type, uploader, status.
 * Deleting (one or a selection) disables the file: it stays for the documents using it, and is
 * refused from then on. ListAttachment has no time filter, so there is none here.
 */
export default function AttachmentPage() {
  const { t } = useI18n();
  const can = useCan();
  const mobile = useSizeClass() === "mobile";
  const list = useAdminList({
    method: AttachmentAPI.method.listAttachment,
    request: ({ page, size, wd, filters }) => ({
      page: BigInt(page),
      size: BigInt(size),
      wd,
      enable: enableFilter({ filters }),
      type: filters.type ? [Number(filters.type)] : [],
      userId: filters.userId && USER_ID.test(filters.userId) ? [BigInt(filters.userId)] : [],
      ext: filters.ext ?? "",
    }),
    rows: (r) => r.attachment,
    rowKey: (a) => idKey(a.id),
    pageSize: 20,
  });
  const remove = useAdminMutation(AttachmentAPI.method.deleteAttachment, {
    success: t("adm.common.deleted"),
    failure: t("adm.common.deleteFailed"),
    onSuccess: list.clearSelection,
  });
  const canDelete = can(`${ATTACHMENT_API}/DeleteAttachment`);
  const status = (a: Attachment) =>
    a.enable ? (
      <Tag color="success" bordered={false}>
        {t("adm.att.enabled")}
      </Tag>
    ) : (
      <Tag bordered={false} data-testid="attachment-deleted">
        {t("adm.att.disabled")}
      </Tag>
    );

  const columns: TableColumnsType<Attachment> = [
    { title: t("adm.att.preview"), key: "preview", width: 72, render: (_, a) => <Preview a={a} /> },
    titleColumn(
      t("adm.att.name"),
      (a: Attachment) => (
        <div>
          <div>{a.name || a.hash}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(typeKey(a.type))} · {formatBytes(a.size)}
          </Typography.Text>
          {mobile && !a.enable && <div>{status(a)}</div>}
        </div>
      ),
      180,
      (a) => a.name,
    ),
    {
      title: t("adm.att.hash"),
      key: "hash",
      responsive: ["xl"],
      render: (_, a) => (
        <Typography.Text code copyable={{ text: a.hash }} style={{ fontSize: 12 }}>
          {a.hash.slice(0, 8)}
        </Typography.Text>
      ),
    },
    {
      title: t("adm.att.user"),
      key: "user",
      responsive: ["md"],
      render: (_, a) => (
        <Typography.Link onClick={() => list.setFilter("userId", idKey(a.userId))}>
          {a.username || `#${idKey(a.userId)}`}
        </Typography.Link>
      ),
    },
    ...(mobile
      ? []
      : [{ title: t("adm.common.status"), key: "status", render: (_: unknown, a: Attachment) => status(a) }]),
    { title: t("adm.att.ip"), key: "ip", responsive: ["lg"], render: (_, a) => a.ip || "-" },
    {
      title: t("adm.common.createdAt"),
      key: "createdAt",
      responsive: ["lg"],
      render: (_, a) => formatTime(a.createdAt),
    },
    actionsColumn(t, (a: Attachment) => (
      <RowActions
        name={a.name || a.hash}
        deleteHint={t("adm.att.deleteHint")}
        onDelete={canDelete && a.enable ? () => void remove.run({ id: [a.id] }) : undefined}
      />
    )),
  ];

  const toolbar = (
    <AdminToolbar
      list={list}
      searchPlaceholder={t("adm.att.searchPlaceholder")}
      rowName={(a: Attachment) => a.name || a.hash}
      batchDeleteHint={t("adm.att.deleteHint")}
      onBatchDelete={canDelete ? (rows) => remove.run({ id: rows.map((a) => a.id) }) : undefined}
    >
      <Select<string>
        allowClear
        placeholder={t("adm.att.allTypes")}
        aria-label={t("adm.att.type")}
        style={{ width: 130 }}
        value={list.query.filters.type}
        options={TYPES.map((type) => ({ value: String(type), label: t(typeKey(type)) }))}
        onChange={(v?: string) => list.setFilter("type", v)}
        data-testid="attachment-type-filter"
      />
      <Select<string>
        allowClear
        placeholder={t("adm.att.allStatus")}
        aria-label={t("adm.common.status")}
        style={{ width: 120 }}
        value={list.query.filters.status}
        options={[
          { value: "enabled", label: t("adm.att.enabled") },
          { value: "disabled", label: t("adm.att.disabled") },
        ]}
        onChange={(v?: string) => list.setFilter("status", v)}
      />
      <Input
        key={list.query.filters.userId ?? ""}
        allowClear
        inputMode="numeric"
        placeholder={t("adm.att.userFilter")}
        aria-label={t("adm.att.userFilter")}
        style={{ width: 110 }}
        maxLength={18}
        defaultValue={list.query.filters.userId}
        onPressEnter={(e) => list.setFilter("userId", e.currentTarget.value.trim())}
        onBlur={(e) => list.setFilter("userId", e.currentTarget.value.trim())}
        data-testid="attachment-user-filter"
      />
    </AdminToolbar>
  );

  return (
    <AdminCard title={t("admin.attachment")} toolbar={toolbar} list={list}>
      <Table<Attachment> {...list.tableProps(canDelete)} columns={columns} data-testid="attachment-table" />
    </AdminCard>
  );
}
