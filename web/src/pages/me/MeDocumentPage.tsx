import { CloudUploadOutlined, DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { useMutation } from "@connectrpc/connect-query";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { type Document, DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { Alert, App, Button, Empty, Flex, Popconfirm, Space, Spin, Typography, theme } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { toApiError } from "../../api/errors.js";
import { invalidateService } from "../../api/invalidate.js";
import { useApiQuery } from "../../api/useApiQuery.js";
import { MeFrame, useMeUser } from "../../components/account/MeFrame.js";
import { ListPager } from "../../components/common/ListPager.js";
import { DocumentCard } from "../../components/document/DocumentCard.js";
import { DocumentFormDrawer } from "../../components/document/DocumentFormDrawer.js";
import { ownListRequest } from "../../components/document/documentQuery.js";
import { DocumentStatusTag, reviewReasonOf } from "../../components/document/documentStatus.js";
import { useDocumentOptions } from "../../components/document/useDocumentOptions.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import type { MessageKey } from "../../i18n/zh-CN.js";

export const ME_DOCUMENT_PAGE_SIZE = 10;

/** A line under a document that is not (yet) public, saying why. */
const NOTES: Partial<Record<DocumentStatus, MessageKey>> = {
  [DocumentStatus.PENDING]: "dl.note.converting",
  [DocumentStatus.CONVERTING]: "dl.note.converting",
  [DocumentStatus.RECONVERT]: "dl.note.converting",
  [DocumentStatus.PENDING_REVIEW]: "dl.note.pendingReview",
  [DocumentStatus.REJECTED]: "dl.note.rejected",
  [DocumentStatus.DISABLED]: "dl.note.disabled",
};

function MyDocuments() {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const { user } = useMeUser();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const options = useDocumentOptions();
  const [page, setPage] = useState(1);
  const [editing, setEditingState] = useState<Document | null>(null);
  const [opening, setOpening] = useState(0);
  const setEditing = (doc: Document | null) => {
    if (doc) setOpening((n) => n + 1);
    setEditingState(doc);
  };

  const list = useApiQuery(
    DocumentAPI.method.listDocument,
    ownListRequest(user.id, page, ME_DOCUMENT_PAGE_SIZE),
    t("dl.loadFailed"),
    { placeholderData: keepPreviousData },
  );
  // A deleted document leaves every list it was in (this one, the home page, its categories).
  const remove = useMutation(DocumentAPI.method.deleteDocument, {
    onSuccess: () => {
      void message.success(t("dl.deleted"));
      return invalidateService(queryClient, DocumentAPI);
    },
    onError: (cause) => void message.error(toApiError(cause, t("adm.common.deleteFailed")).message),
  });

  const documents = list.data?.document ?? [];
  const total = Number(list.data?.total ?? 0n);
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{list.data ? t("dl.count", { count: total }) : "\u00a0"}</Typography.Text>
        <Link to="/upload">
          <Button type="primary" icon={<CloudUploadOutlined />}>
            {t("dl.upload")}
          </Button>
        </Link>
      </Flex>
      {list.error && (
        <Alert
          type="error"
          showIcon
          data-testid="me-documents-error"
          style={{ marginBottom: 12 }}
          title={t("dl.loadFailed")}
          description={`${list.error.status} · ${list.error.message}`}
          action={
            <Button size="small" onClick={list.reload}>
              {t("adm.common.retry")}
            </Button>
          }
        />
      )}
      <Spin spinning={list.loading}>
        <div data-testid="me-documents" style={{ minHeight: 120 }}>
          {documents.length === 0 && !list.loading && !list.error && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dl.empty")}>
              <Link to="/upload">
                <Button icon={<CloudUploadOutlined />}>{t("dl.uploadFirst")}</Button>
              </Link>
            </Empty>
          )}
          {documents.map((doc) => {
            const note = NOTES[doc.status];
            const reason = reviewReasonOf(doc);
            return (
              <Flex
                key={String(doc.id)}
                wrap
                gap={12}
                align="flex-start"
                data-testid="me-document"
                style={{ padding: "14px 0", borderBottom: `1px solid ${token.colorSplit}` }}
              >
                <div style={{ flex: "1 1 260px", minWidth: 0 }}>
                  <DocumentCard document={doc} />
                  {doc.status === DocumentStatus.FAILED && (
                    <Typography.Paragraph
                      type="danger"
                      style={{ margin: "6px 0 0", fontSize: 13 }}
                      ellipsis={{ rows: 2, expandable: true, symbol: t("dl.more") }}
                      data-testid="convert-error"
                    >
                      {t("dl.convertFailed", { reason: doc.convertError || t("dl.unknownReason") })}
                    </Typography.Paragraph>
                  )}
                  {note && (
                    <Typography.Text type="secondary" style={{ display: "block", marginTop: 6, fontSize: 13 }}>
                      {t(note)}
                    </Typography.Text>
                  )}
                  {reason && (
                    <Typography.Paragraph
                      type="danger"
                      // Shown whole (at most 255 characters): a collapsed reason measured on a narrow phone
                      // row read as "原因…" and hid what the uploader has to fix.
                      style={{ margin: "4px 0 0", fontSize: 13, overflowWrap: "anywhere" }}
                      data-testid="review-reason"
                    >
                      {t("dl.reviewReason", { reason })}
                    </Typography.Paragraph>
                  )}
                </div>
                <Space size={4} wrap style={{ flexShrink: 0 }}>
                  <DocumentStatusTag status={doc.status} convertError={doc.convertError} />
                  <Button size="small" type="text" icon={<EditOutlined />} onClick={() => setEditing(doc)}>
                    {t("adm.common.edit")}
                  </Button>
                  <Popconfirm
                    title={t("adm.common.confirmDeleteOne", { name: doc.title })}
                    description={t("dl.deleteHint")}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync({ id: [doc.id] }).catch(() => {})}
                  >
                    <Button size="small" type="text" danger icon={<DeleteOutlined />}>
                      {t("adm.common.delete")}
                    </Button>
                  </Popconfirm>
                </Space>
              </Flex>
            );
          })}
          <ListPager total={total} page={page} pageSize={ME_DOCUMENT_PAGE_SIZE} onChange={setPage} />
        </div>
      </Spin>
      <DocumentFormDrawer
        key={opening}
        document={editing}
        options={options}
        onClose={() => setEditing(null)}
        onSaved={() => setEditing(null)}
      />
    </>
  );
}

/** /me/document: the user's own documents in every status; edit details, delete, upload more. */
export default function MeDocumentPage() {
  return (
    <MeFrame title="page.me.document">
      <MyDocuments />
    </MeFrame>
  );
}
