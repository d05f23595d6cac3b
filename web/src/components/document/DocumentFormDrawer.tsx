import { useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { type Document, DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import type { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { App, Cascader, Form, Input, InputNumber, Select } from "antd";
import { toApiError } from "../../api/errors.js";
import { invalidateService } from "../../api/invalidate.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { FormDrawer } from "../common/FormDrawer.js";
import { cascaderPath, categoryIdsOf } from "./documentQuery.js";
import { DOCUMENT_STATUSES, documentStatusView } from "./documentStatus.js";
import type { DocumentOptions } from "./useDocumentOptions.js";

interface DocumentValues {
  title: string;
  keywords: string;
  description: string;
  price: number | null;
  category: string[] | undefined;
  languageId: string | undefined;
  status: DocumentStatus;
}

/**
 * Edits a document's details (UpdateDocument). Owners change title, keywords, description, price,
 * categories and language; staff (`staff`) may also set the status.
 */
export function DocumentFormDrawer({
  document: doc,
  options,
  staff = false,
  onClose,
  onSaved,
}: {
  document: Document | null;
  options: DocumentOptions;
  staff?: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DocumentValues>();
  // The document shows in lists and on its own page: every cached DocumentAPI answer reads again.
  const update = useMutation(DocumentAPI.method.updateDocument, {
    onSuccess: () => invalidateService(queryClient, DocumentAPI),
  });

  const submit = async (values: DocumentValues) => {
    if (!doc) return;
    try {
      await update.mutateAsync({
        id: doc.id,
        title: values.title.trim(),
        keywords: (values.keywords ?? "").trim(),
        description: (values.description ?? "").trim(),
        price: values.price ?? 0,
        categoryId: categoryIdsOf(values.category),
        languageId: values.languageId ? BigInt(values.languageId) : 0n,
        // Owners may not change the status: they send it back unchanged.
        status: staff ? values.status : doc.status,
      });
      void message.success(t("adm.common.saved"));
      onSaved();
    } catch (cause) {
      void message.error(toApiError(cause, t("adm.common.saveFailed")).message);
    }
  };

  return (
    <FormDrawer
      title={t("dl.edit")}
      open={doc !== null}
      saving={update.isPending}
      onClose={onClose}
      onSave={() => form.submit()}
      testId="document-form"
    >
      {doc && (
        <Form<DocumentValues>
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={submit}
          initialValues={{
            title: doc.title,
            keywords: doc.keywords,
            description: doc.description,
            price: doc.price,
            category: cascaderPath(options.categories, doc.categoryId),
            languageId: doc.languageId ? String(doc.languageId) : undefined,
            status: doc.status,
          }}
        >
          <Form.Item
            name="title"
            label={t("dl.title")}
            rules={[{ required: true, whitespace: true, message: t("dl.titleRequired") }]}
          >
            <Input maxLength={255} />
          </Form.Item>
          <Form.Item name="category" label={t("dl.category")}>
            <Cascader
              changeOnSelect
              allowClear
              showSearch
              options={options.categoryOptions}
              placeholder={t("dl.categoryPlaceholder")}
              data-testid="document-category"
            />
          </Form.Item>
          <Form.Item name="languageId" label={t("dl.language")}>
            <Select allowClear options={options.languageOptions} placeholder={t("dl.languagePlaceholder")} />
          </Form.Item>
          <Form.Item name="price" label={t("dl.price")} extra={t("dl.priceHelp")}>
            <InputNumber min={0} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="keywords" label={t("dl.keywords")} extra={t("dl.keywordsHelp")}>
            <Input maxLength={255} />
          </Form.Item>
          <Form.Item name="description" label={t("dl.description")}>
            <Input.TextArea rows={4} maxLength={1000} showCount />
          </Form.Item>
          {staff && (
            <Form.Item name="status" label={t("adm.common.status")}>
              <Select
                options={DOCUMENT_STATUSES.map((s) => ({ value: s, label: t(documentStatusView(s).label) }))}
                data-testid="document-status-select"
              />
            </Form.Item>
          )}
        </Form>
      )}
    </FormDrawer>
  );
}
