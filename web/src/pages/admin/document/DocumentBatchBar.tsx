import {
  CheckOutlined,
  CloseOutlined,
  CrownOutlined,
  FolderOutlined,
  GlobalOutlined,
  LikeOutlined,
  StopOutlined,
} from "@ant-design/icons";
import type { DescMessage, DescMethodUnary } from "@bufbuild/protobuf";
import { type Document, DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { Button, Cascader, Modal, Select } from "antd";
import { useState } from "react";
import { BatchBar, BatchDeleteButton } from "../../../components/admin/BatchBar.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { BatchReviewButtons, type ReviewCheck } from "../../../components/admin/reviewActions.js";
import type { ConfirmInput } from "../../../components/admin/useConfirm.js";
import { categoryIdsOf } from "../../../components/document/documentQuery.js";
import type { DocumentOptions } from "../../../components/document/useDocumentOptions.js";
import { type Translate, useI18n } from "../../../i18n/I18nProvider.js";
import { DOC_API, DOCUMENT_SERVICES } from "./documentListQuery.js";

/** A document change: reports the outcome, refreshes both document lists, then `onDone`. */
function useDocumentMutation<I extends DescMessage, O extends DescMessage>(
  method: DescMethodUnary<I, O>,
  onDone: () => void,
  success?: string,
) {
  return useAdminMutation(method, { success, alsoInvalidates: DOCUMENT_SERVICES, onSuccess: onDone });
}

/** The review's three outcomes; reject and disable are the dangerous ones (they hide the document and ask why). */
export const CHECKS: readonly ReviewCheck<DocumentStatus>[] = [
  { status: DocumentStatus.CONVERTED, label: "adm.doc.approve", icon: <CheckOutlined />, danger: false },
  { status: DocumentStatus.REJECTED, label: "adm.doc.reject", icon: <CloseOutlined />, danger: true },
  { status: DocumentStatus.DISABLED, label: "adm.doc.disable", icon: <StopOutlined />, danger: true },
];

/** The server keeps at most this many characters of a review reason (CheckDocumentRequest.reason). */
export const REASON_MAX_LENGTH = 255;

/** The optional "why" text area of a reject or disable confirmation. */
export const reasonInput = (t: Translate): ConfirmInput => ({
  label: t("adm.doc.reason"),
  placeholder: t("adm.doc.reasonPlaceholder"),
  maxLength: REASON_MAX_LENGTH,
});

/**
 * What can be done to the selected documents at once: approve, reject, set category or language,
 * recommend or not, mark VIP or not, delete. Only the actions the user holds permissions for are offered.
 */
export function DocumentBatchBar({
  selected,
  options,
  can,
  onDone,
}: {
  selected: readonly Document[];
  options: DocumentOptions;
  can: (path: string) => boolean;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const [dialog, setDialog] = useState<"category" | "language" | null>(null);
  const [category, setCategory] = useState<string[]>([]);
  const [language, setLanguage] = useState<string>();
  const closeAndDone = () => {
    setDialog(null);
    onDone();
  };
  const checkDocument = useDocumentMutation(DocumentAPI.method.checkDocument, onDone);
  const recommend = useDocumentMutation(DocumentAPI.method.setDocumentRecommend, onDone);
  const remove = useDocumentMutation(DocumentAPI.method.deleteDocument, onDone, t("adm.common.deleted"));
  const setVip = useDocumentMutation(DocumentAPI.method.setDocumentVip, onDone);
  const setCategories = useDocumentMutation(DocumentAPI.method.setDocumentsCategory, closeAndDone);
  const setLanguages = useDocumentMutation(DocumentAPI.method.setDocumentsLanguage, closeAndDone);
  const ids = selected.map((d) => d.id);
  const names = selected.map((d) => d.title);
  const count = selected.length;

  return (
    <BatchBar count={count} testId="document-batch">
      {can(`${DOC_API}/CheckDocument`) && (
        // Approving clears any earlier reason, so it asks for none and sends none.
        <BatchReviewButtons
          checks={CHECKS}
          reason={reasonInput(t)}
          names={names}
          title={(action, n) => t("adm.doc.batchConfirm", { action, count: n })}
          run={(status, reason) => checkDocument.run({ id: ids, status, reason })}
        />
      )}
      {can(`${DOC_API}/SetDocumentsCategory`) && (
        <Button
          size="small"
          icon={<FolderOutlined />}
          onClick={() => {
            setCategory([]);
            setDialog("category");
          }}
        >
          {t("adm.doc.setCategory")}
        </Button>
      )}
      {can(`${DOC_API}/SetDocumentsLanguage`) && (
        <Button
          size="small"
          icon={<GlobalOutlined />}
          onClick={() => {
            setLanguage(undefined);
            setDialog("language");
          }}
        >
          {t("adm.doc.setLanguage")}
        </Button>
      )}
      {can(`${DOC_API}/SetDocumentRecommend`) && (
        <>
          <Button size="small" icon={<LikeOutlined />} onClick={() => void recommend.run({ id: ids, type: 1 })}>
            {t("adm.doc.recommend")}
          </Button>
          <Button size="small" onClick={() => void recommend.run({ id: ids, type: 0 })}>
            {t("adm.doc.unrecommend")}
          </Button>
        </>
      )}
      {can(`${DOC_API}/SetDocumentVip`) && (
        <>
          <Button
            size="small"
            icon={<CrownOutlined />}
            onClick={() => void setVip.run({ id: ids, isVip: true })}
            data-testid="document-batch-vip"
          >
            {t("adm.doc.setVip")}
          </Button>
          <Button size="small" onClick={() => void setVip.run({ id: ids, isVip: false })}>
            {t("adm.doc.unsetVip")}
          </Button>
        </>
      )}
      {can(`${DOC_API}/DeleteDocument`) && (
        <BatchDeleteButton
          title={t("adm.doc.deleteConfirm", { count })}
          names={names}
          hint={t("adm.doc.deleteHint")}
          onOk={() => remove.run({ id: ids })}
        />
      )}
      <Modal
        title={t("adm.doc.setCategoryOf", { count })}
        open={dialog === "category"}
        destroyOnHidden
        okButtonProps={{ disabled: category.length === 0 }}
        onCancel={() => setDialog(null)}
        confirmLoading={setCategories.pending}
        onOk={() => void setCategories.run({ documentId: ids, categoryId: categoryIdsOf(category) })}
      >
        <Cascader
          changeOnSelect
          showSearch
          style={{ width: "100%" }}
          options={options.categoryOptions}
          placeholder={t("dl.categoryPlaceholder")}
          onChange={(value) => setCategory((value ?? []).map(String))}
        />
      </Modal>
      <Modal
        title={t("adm.doc.setLanguageOf", { count })}
        open={dialog === "language"}
        destroyOnHidden
        okButtonProps={{ disabled: !language }}
        onCancel={() => setDialog(null)}
        confirmLoading={setLanguages.pending}
        onOk={() => language && void setLanguages.run({ documentId: ids, languageId: BigInt(language) })}
      >
        <Select
          style={{ width: "100%" }}
          options={options.languageOptions}
          placeholder={t("dl.languagePlaceholder")}
          onChange={(value: string) => setLanguage(value)}
        />
      </Modal>
    </BatchBar>
  );
}
