import { callUnaryMethod, skipToken, useMutation, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { type Article, ArticleAPI } from "@wenku/proto/api/v1/article_pb.js";
import { CategoryType, ReviewStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { App, Button, Card, Flex, Form, Input, Result, Select, Skeleton } from "antd";
import { lazy, type RefObject, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { Link, useBlocker, useNavigate, useSearchParams } from "react-router";
import { toApiError } from "../../api/errors.js";
import { invalidateService } from "../../api/invalidate.js";
import { useApiQuery } from "../../api/useApiQuery.js";
import { showRefusalOnField } from "../../components/admin/list/refusedField.js";
import { Title } from "../../components/common/Text.js";
import { usePageTitle } from "../../hooks/usePageTitle.js";
import { usePublicCategories } from "../../hooks/usePublicCategories.js";
import { parseUserId } from "../../hooks/useUser.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSession } from "../../store/SessionProvider.js";
import { articlePath } from "../article/articleQuery.js";
import { categoriesInOrder } from "../article/categoryOptions.js";
import { type ArticleFormValues, articleRequest, formValuesOf } from "./postForm.js";

/** The editor and Tiptap: a chunk of their own, fetched when the form shows. */
const ArticleEditor = lazy(() => import("./ArticleEditor.js"));

/** The form of /post: a new article, or (?id=N) the signed-in author's article. */
export function PostForm() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const id = params.has("id") ? parseUserId(params.get("id") ?? "") : null;
  const editing = params.has("id");
  const session = useSession();
  const existing = useApiQuery(
    ArticleAPI.method.getArticle,
    id === null ? skipToken : { id, identifier: "" },
    t("post.loadFailed"),
  );
  usePageTitle(t(editing ? "post.titleEdit" : "post.titleCreate"));
  if (editing) {
    if (id === null || existing.error?.status === 404) {
      return <Result status="404" title={t("art.notFound")} data-testid="post-not-found" />;
    }
    if (existing.error) {
      return (
        <Result
          status="error"
          title={t("post.loadFailed")}
          subTitle={`${existing.error.status} · ${existing.error.message}`}
          extra={<Button onClick={existing.reload}>{t("doc.retry")}</Button>}
        />
      );
    }
    if (!existing.data) return <Skeleton active paragraph={{ rows: 10 }} />;
    const staff = session.permissions.length > 0;
    if (existing.data.userId !== parseUserId(session.user?.id) && !staff) {
      return <Result status="403" title={t("post.notYours")} data-testid="post-not-yours" />;
    }
  }
  return <ArticleForm key={String(existing.data?.id ?? 0n)} article={editing ? existing.data : undefined} />;
}

function ArticleForm({ article }: { article: Article | undefined }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const session = useSession();
  const staff = session.permissions.length > 0;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const transport = useTransport();
  const [form] = Form.useForm<ArticleFormValues>();
  const [pending, setPending] = useState<Article | null>(null);
  // unsaved changes: the ref is what a navigation reads (a save navigates before the state re-renders)
  const dirtyRef = useRef(false);
  const [dirty, setDirtyState] = useState(false);
  const setDirty = (value: boolean) => {
    dirtyRef.current = value;
    setDirtyState(value);
  };
  useLeaveGuard(dirtyRef, dirty);
  const categories = usePublicCategories(CategoryType.ARTICLE, t("art.loadFailed"));
  const categoryOptions = useMemo(
    () =>
      categoriesInOrder(categories.categories ?? []).map(({ item, depth }) => ({
        value: String(item.id),
        label: `${"\u3000".repeat(depth)}${item.title}`,
      })),
    [categories.categories],
  );
  const initial = useMemo(() => formValuesOf(article), [article]);

  /** After a save: the article as its author now sees it (an edit may have sent it back to review). */
  const saved = async (a: Article) => {
    setDirty(false);
    await invalidateService(queryClient, ArticleAPI);
    if (a.status === ReviewStatus.PENDING) {
      setPending(a);
      window.scrollTo({ top: 0 });
      return;
    }
    void message.success(t(article ? "post.saved" : "post.published"));
    void navigate(articlePath(a));
  };
  const create = useMutation(ArticleAPI.method.createArticle);
  const update = useMutation(ArticleAPI.method.updateArticle);
  const submit = async (values: ArticleFormValues) => {
    const request = articleRequest(values, article);
    try {
      if (article) {
        await update.mutateAsync(request);
        // UpdateArticle answers nothing: the article as saved (its review status) is asked for here,
        // once, past any cached copy.
        await saved(await callUnaryMethod(transport, ArticleAPI.method.getArticle, { id: article.id, identifier: "" }));
      } else {
        await saved(await create.mutateAsync(request));
      }
    } catch (cause) {
      void message.error(toApiError(cause, t("post.saveFailed")).message);
      showRefusalOnField(form, cause);
    }
  };

  if (pending) {
    return (
      <Result
        status="success"
        data-testid="post-submitted"
        title={t("post.submittedForReview")}
        subTitle={pending.title}
        extra={[
          <Link key="mine" to="/me/article">
            <Button type="primary">{t("post.viewMine")}</Button>
          </Link>,
          <Button
            key="another"
            onClick={() => {
              setPending(null);
              void navigate("/post");
            }}
          >
            {t("post.writeAnother")}
          </Button>,
        ]}
      />
    );
  }
  const busy = create.isPending || update.isPending;
  return (
    <Card data-testid="post-form">
      <Title level={3} style={{ marginTop: 0 }}>
        {t(article ? "post.titleEdit" : "post.titleCreate")}
      </Title>
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        onValuesChange={() => setDirty(true)}
        requiredMark
        scrollToFirstError
      >
        <Form.Item
          name="title"
          label={t("post.field.title")}
          rules={[{ required: true, whitespace: true, message: t("post.field.titleRequired") }]}
        >
          <Input size="large" maxLength={255} placeholder={t("post.field.titlePlaceholder")} />
        </Form.Item>
        <Form.Item name="categoryId" label={t("post.field.category")}>
          <Select
            mode="multiple"
            allowClear
            loading={categories.loading}
            options={categoryOptions}
            placeholder={t("post.field.categoryPlaceholder")}
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item name="keywords" label={t("post.field.keywords")}>
          <Input maxLength={255} placeholder={t("post.field.keywordsPlaceholder")} />
        </Form.Item>
        <Form.Item name="description" label={t("post.field.description")}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={1000}
            placeholder={t("post.field.descriptionPlaceholder")}
          />
        </Form.Item>
        {staff && (
          <Flex gap={16} wrap>
            <Form.Item
              name="identifier"
              label={t("post.field.identifier")}
              extra={t("post.field.identifierHelp")}
              style={{ flex: "1 1 240px" }}
            >
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="author" label={t("post.field.author")} style={{ flex: "1 1 240px" }}>
              <Input maxLength={64} placeholder={t("post.field.authorPlaceholder")} />
            </Form.Item>
          </Flex>
        )}
        <Form.Item
          name="content"
          label={t("post.field.content")}
          extra={t("post.field.contentHelp")}
          rules={[{ required: true, message: t("post.field.contentRequired") }]}
          validateTrigger="onSubmit"
        >
          <EditorField initial={initial.content} label={t("post.field.content")} />
        </Form.Item>
        <Flex gap={8} justify="flex-end" wrap>
          <Button onClick={() => navigate(-1)}>{t("post.cancel")}</Button>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="post-submit">
            {t(article ? "post.save" : "post.submit")}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

/**
 * While the form holds unsaved changes: leaving for another page of the site asks first, and so does
 * closing or reloading the tab (the browser's own question).
 */
function useLeaveGuard(dirtyRef: RefObject<boolean>, dirty: boolean) {
  const { t } = useI18n();
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    modal.confirm({
      title: t("post.leave"),
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);
}

/** The content field: the lazily loaded editor, started from `initial`, reporting its HTML to the form. */
function EditorField({
  initial,
  label,
  onChange,
}: {
  initial: string;
  label: string;
  value?: string;
  onChange?: (html: string) => void;
}) {
  const { t } = useI18n();
  const { status } = Form.Item.useStatus();
  return (
    <Suspense
      fallback={
        <div role="status" aria-busy="true" aria-label={t("post.editorLoading")}>
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      }
    >
      <ArticleEditor
        initial={initial}
        label={label}
        invalid={status === "error"}
        onChange={(html) => onChange?.(html)}
      />
    </Suspense>
  );
}
