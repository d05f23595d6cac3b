import {
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  FolderOutlined,
  GlobalOutlined,
  LikeOutlined,
  StopOutlined,
} from "@ant-design/icons";
import { type Document, DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { App, Button, Cascader, Flex, Modal, Select, Typography, theme } from "antd";
import { useState } from "react";
import { useClient } from "../../../api/client.js";
import { toApiError } from "../../../api/errors.js";
import { categoryIdsOf } from "../../../components/document/documentQuery.js";
import type { DocumentOptions } from "../../../components/document/useDocumentOptions.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

export const DOC_API = "/api.v1.DocumentAPI";

/** Runs one document RPC and reports the outcome; true when it succeeded. */
export function useDocumentAction() {
  const { t } = useI18n();
  const { message } = App.useApp();
  return async (call: () => Promise<unknown>, done = t("adm.common.saved")): Promise<boolean> => {
    try {
      await call();
      void message.success(done);
      return true;
    } catch (cause) {
      void message.error(toApiError(cause, t("adm.common.saveFailed")).message);
      return false;
    }
  };
}

/**
 * What can be done to the selected documents at once: approve, reject, set category or language,
 * recommend or not, delete. Only the actions the user holds permissions for are offered.
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
  const { token } = theme.useToken();
  const { modal } = App.useApp();
  const client = useClient(DocumentAPI);
  const run = useDocumentAction();
  const [dialog, setDialog] = useState<"category" | "language" | null>(null);
  const [category, setCategory] = useState<string[]>([]);
  const [language, setLanguage] = useState<string>();
  const ids = selected.map((d) => d.id);
  const count = selected.length;
  if (count === 0) return null;

  const act = async (call: () => Promise<unknown>, done?: string) => {
    if (await run(call, done)) onDone();
  };
  const check = (status: DocumentStatus, label: string) =>
    modal.confirm({
      title: t("adm.doc.batchConfirm", { action: label, count }),
      onOk: () => act(() => client.checkDocument({ id: ids, status })),
    });

  return (
    <Flex
      wrap
      gap={8}
      align="center"
      data-testid="document-batch"
      style={{
        marginBottom: 12,
        padding: "8px 12px",
        background: token.colorPrimaryBg,
        borderRadius: token.borderRadius,
      }}
    >
      <Typography.Text strong>{t("adm.common.selected", { count })}</Typography.Text>
      {can(`${DOC_API}/CheckDocument`) && (
        <>
          <Button
            size="small"
            icon={<CheckOutlined />}
            onClick={() => check(DocumentStatus.CONVERTED, t("adm.doc.approve"))}
          >
            {t("adm.doc.approve")}
          </Button>
          <Button
            size="small"
            icon={<CloseOutlined />}
            onClick={() => check(DocumentStatus.REJECTED, t("adm.doc.reject"))}
          >
            {t("adm.doc.reject")}
          </Button>
          <Button
            size="small"
            icon={<StopOutlined />}
            onClick={() => check(DocumentStatus.DISABLED, t("adm.doc.disable"))}
          >
            {t("adm.doc.disable")}
          </Button>
        </>
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
          <Button
            size="small"
            icon={<LikeOutlined />}
            onClick={() => void act(() => client.setDocumentRecommend({ id: ids, type: 1 }))}
          >
            {t("adm.doc.recommend")}
          </Button>
          <Button size="small" onClick={() => void act(() => client.setDocumentRecommend({ id: ids, type: 0 }))}>
            {t("adm.doc.unrecommend")}
          </Button>
        </>
      )}
      {can(`${DOC_API}/DeleteDocument`) && (
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          onClick={() =>
            modal.confirm({
              title: t("adm.doc.deleteConfirm", { count }),
              content: t("adm.doc.deleteHint"),
              okButtonProps: { danger: true },
              onOk: () => act(() => client.deleteDocument({ id: ids }), t("adm.common.deleted")),
            })
          }
        >
          {t("adm.common.batchDelete")}
        </Button>
      )}
      <Modal
        title={t("adm.doc.setCategoryOf", { count })}
        open={dialog === "category"}
        destroyOnHidden
        okButtonProps={{ disabled: category.length === 0 }}
        onCancel={() => setDialog(null)}
        onOk={async () => {
          if (await run(() => client.setDocumentsCategory({ documentId: ids, categoryId: categoryIdsOf(category) }))) {
            setDialog(null);
            onDone();
          }
        }}
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
        onOk={async () => {
          if (!language) return;
          if (await run(() => client.setDocumentsLanguage({ documentId: ids, languageId: BigInt(language) }))) {
            setDialog(null);
            onDone();
          }
        }}
      >
        <Select
          style={{ width: "100%" }}
          options={options.languageOptions}
          placeholder={t("dl.languagePlaceholder")}
          onChange={(value: string) => setLanguage(value)}
        />
      </Modal>
    </Flex>
  );
}
