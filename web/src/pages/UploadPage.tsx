import { InboxOutlined } from "@ant-design/icons";
import { useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { type Category, CategoryAPI } from "@wenku/proto/api/v1/category_pb.js";
import { type Document, DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { CategoryType, DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Alert, Button, Card, Cascader, Flex, Form, Result, Select, Skeleton, Typography, Upload } from "antd";
import { useMemo, useState } from "react";
import { Link, Navigate } from "react-router";
import { useClient } from "../api/client.js";
import { type ApiError, toApiError } from "../api/errors.js";
import { invalidateService } from "../api/invalidate.js";
import { useApiQuery } from "../api/useApiQuery.js";
import { useSizeClass } from "../hooks/useSizeClass.js";
import { parseUserId } from "../hooks/useUser.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { loginPath } from "../router/paths.js";
import { useSettings } from "../settings/SettingsProvider.js";
import { useSiteName } from "../settings/useSiteName.js";
import { useSession } from "../store/SessionProvider.js";
import { type CategoryRow, categoryTree } from "./category/categoryTree.js";
import { UploadFileRow } from "./upload/UploadFileRow.js";
import { uploadRules } from "./upload/uploadRules.js";
import { type UploadItem, useUploadQueue } from "./upload/useUploadQueue.js";

const CATEGORY_QUERY = { page: 1n, size: 10_000n, type: [CategoryType.DOCUMENT], enable: [true] };

interface CascaderOption {
  value: string;
  label: string;
  children?: CascaderOption[];
}

const toOptions = (rows: CategoryRow<Category>[]): CascaderOption[] =>
  rows.map((row) => ({
    value: String(row.item.id),
    label: row.item.title,
    ...(row.children ? { children: toOptions(row.children) } : {}),
  }));

interface Submitted {
  count: number;
  /** The new documents as ListDocument found them (may be empty when the lookup failed). */
  documents: Document[];
}

/**
 * /upload: choose or drop several files; each is checked (type, size), hashed in a worker, skipped
 * when the server already holds its content (秒传) or uploaded with progress; then a title and price
 * per file and a shared category and language create the documents. Login required.
 */
export default function UploadPage() {
  const session = useSession();
  if (!session.token || !session.user) return <Navigate to={loginPath("/upload")} replace />;
  return <UploadGate />;
}

/** Asks CanIUploadDocument first: a user who may not upload sees the server's reason instead of the form. */
function UploadGate() {
  const { t } = useI18n();
  const allowed = useApiQuery(UserAPI.method.canIUploadDocument, {}, t("upload.checkFailed"));
  const mobile = useSizeClass() === "mobile";
  const pad = { maxWidth: 960, margin: "0 auto", padding: mobile ? 12 : 24 };
  if (allowed.loading && !allowed.data) {
    return (
      <div style={pad}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (allowed.error) {
    return (
      <Result
        status="warning"
        data-testid="upload-not-allowed"
        title={t("upload.notAllowed")}
        subTitle={allowed.error.message}
        extra={<Button onClick={allowed.reload}>{t("doc.retry")}</Button>}
      />
    );
  }
  return (
    <div style={pad}>
      <UploadForm />
    </div>
  );
}

function UploadForm() {
  const { t } = useI18n();
  const { settings } = useSettings();
  const { creditName } = useSiteName();
  const session = useSession();
  const documents = useClient(DocumentAPI);
  // Office formats need LibreOffice on the server: refused here up front when it is missing. When the
  // question cannot be answered, nothing is refused here (the server refuses what it cannot convert).
  const unavailable = useQuery(DocumentAPI.method.getDocumentConverters, {}).data?.unavailableExt;
  const rules = useMemo(() => uploadRules(settings.security, unavailable), [settings.security, unavailable]);
  const queue = useUploadQueue(rules);
  const [form] = Form.useForm<{ category: string[]; languageId?: string }>();
  const categories = useApiQuery(CategoryAPI.method.listCategory, CATEGORY_QUERY, t("upload.categoriesFailed"));
  const queryClient = useQueryClient();
  // New documents change every document list (my documents, the home page, categories).
  const create = useMutation(DocumentAPI.method.createDocument, {
    onSuccess: () => invalidateService(queryClient, DocumentAPI),
  });
  const options = useMemo(
    () => toOptions(categoryTree((categories.data?.category ?? []).filter((c) => c.enable))),
    [categories.data],
  );
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<ApiError | null>(null);
  const [submitted, setSubmitted] = useState<Submitted | null>(null);

  const ready = queue.items.filter((item) => item.phase === "done");
  const pending = queue.items.some((item) => item.phase === "hashing" || item.phase === "uploading");
  const missingTitle = ready.some((item) => item.title.trim() === "");

  const submit = async (values: { category: string[]; languageId?: string }) => {
    setSubmitError(null);
    if (ready.length === 0 || pending || missingTitle) return;
    setSubmitting(true);
    const items: UploadItem[] = ready;
    try {
      await create.mutateAsync({
        categoryId: values.category.map((id) => BigInt(id)),
        languageId: values.languageId ? BigInt(values.languageId) : 0n,
        document: items.map((item) => ({
          title: item.title.trim(),
          attachmentId: item.attachmentId,
          price: item.price,
          languageId: values.languageId ? BigInt(values.languageId) : 0n,
        })),
      });
    } catch (error) {
      setSubmitError(toApiError(error, t("upload.submitFailed")));
      setSubmitting(false);
      return;
    }
    // CreateDocument returns nothing: find the new documents among the caller's latest ones.
    const titles = new Set(items.map((item) => item.title.trim()));
    const me = parseUserId(session.user?.id);
    const found = me
      ? await documents
          .listDocument({ userId: [me], limit: BigInt(items.length), order: "id desc" })
          .then((reply) => reply.document.filter((doc) => titles.has(doc.title)))
          .catch(() => [] as Document[])
      : [];
    setSubmitting(false);
    setSubmitted({ count: items.length, documents: found });
    queue.reset();
  };

  if (submitted) {
    const review = submitted.documents.some((doc) => doc.status === DocumentStatus.PENDING_REVIEW);
    return (
      <Result
        status="success"
        data-testid="upload-success"
        title={t("upload.success")}
        subTitle={t("upload.successText", { count: submitted.count })}
        extra={[
          <Button key="more" type="primary" onClick={() => setSubmitted(null)}>
            {t("upload.more")}
          </Button>,
          <Link key="me" to="/me/document">
            <Button>{t("upload.myDocuments")}</Button>
          </Link>,
        ]}
      >
        {review && <Alert type="info" showIcon title={t("upload.awaitReview")} style={{ marginBottom: 12 }} />}
        {submitted.documents.length > 0 && (
          <ul data-testid="upload-created" style={{ margin: 0, paddingInlineStart: 20 }}>
            {submitted.documents.map((doc) => (
              <li key={String(doc.id)} style={{ padding: "4px 0" }}>
                <Link to={`/document/${doc.id}`}>{doc.title}</Link>
                {doc.status === DocumentStatus.PENDING_REVIEW && (
                  <Typography.Text type="warning"> · {t("upload.reviewTag")}</Typography.Text>
                )}
              </li>
            ))}
          </ul>
        )}
      </Result>
    );
  }

  const accept = rules.allowed.join(",");
  const extList = rules.allowed.map((ext) => ext.slice(1)).join(" ");
  return (
    <Card data-testid="upload-page" styles={{ body: { padding: 16 } }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("upload.title")}
      </Typography.Title>
      {rules.unconvertible.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="upload-no-office"
          title={t("upload.noOfficeConverter", { exts: rules.unconvertible.map((ext) => ext.slice(1)).join(" ") })}
          style={{ marginBottom: 12 }}
        />
      )}
      <Upload.Dragger
        multiple
        accept={accept}
        fileList={[]}
        showUploadList={false}
        disabled={submitting}
        beforeUpload={(file, list) => {
          // Called once per file of a selection: take the whole selection on its first file.
          if (file.uid === list[0]?.uid) queue.add(list);
          return false;
        }}
        data-testid="upload-dragger"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t("upload.drag")}</p>
        <p className="ant-upload-hint" style={{ padding: "0 12px" }}>
          {t("upload.dragHint")}
          <br />
          {t("upload.limits", { exts: extList, size: rules.maxMb })}
        </p>
      </Upload.Dragger>

      {queue.items.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t("upload.files", { count: queue.items.length })}
          </Typography.Title>
          <Flex vertical gap={8} component="ul" style={{ margin: 0, padding: 0 }} data-testid="upload-list">
            {queue.items.map((item) => (
              <UploadFileRow
                key={item.uid}
                item={item}
                creditName={creditName}
                disabled={submitting}
                onChange={(change) => queue.patch(item.uid, change)}
                onRemove={() => queue.remove(item.uid)}
                onRetry={() => queue.retry(item.uid)}
              />
            ))}
          </Flex>
        </>
      )}

      <Form form={form} layout="vertical" onFinish={submit} style={{ marginTop: 20 }} requiredMark>
        <Form.Item
          name="category"
          label={t("upload.category")}
          rules={[{ required: true, message: t("upload.categoryRequired") }]}
          {...(categories.error
            ? { validateStatus: "error" as const, help: `${t("upload.categoriesFailed")}: ${categories.error.message}` }
            : {})}
        >
          <Cascader
            options={options}
            changeOnSelect
            loading={categories.loading}
            placeholder={t("upload.categoryRequired")}
            data-testid="upload-category"
          />
        </Form.Item>
        {settings.language.length > 0 && (
          <Form.Item name="languageId" label={t("upload.language")}>
            <Select
              allowClear
              placeholder={t("upload.languagePlaceholder")}
              options={settings.language.map((l) => ({ value: l.id, label: l.language }))}
            />
          </Form.Item>
        )}
        {submitError && (
          <Alert
            type="error"
            showIcon
            data-testid="upload-submit-error"
            title={t("upload.submitFailed")}
            description={submitError.message}
            style={{ marginBottom: 12 }}
          />
        )}
        {queue.items.length > 0 && ready.length === 0 && !pending && (
          <Typography.Text type="secondary" style={{ display: "block", marginBottom: 8 }}>
            {t("upload.needFiles")}
          </Typography.Text>
        )}
        {pending && (
          <Typography.Text type="secondary" style={{ display: "block", marginBottom: 8 }}>
            {t("upload.waitUploads")}
          </Typography.Text>
        )}
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={submitting}
          disabled={ready.length === 0 || pending || missingTitle}
          data-testid="upload-submit"
        >
          {t("upload.submit", { count: ready.length })}
        </Button>
      </Form>
    </Card>
  );
}
