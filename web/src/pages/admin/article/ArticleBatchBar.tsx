import { FolderOutlined, LikeOutlined } from "@ant-design/icons";
import type { DescMessage, DescMethodUnary } from "@bufbuild/protobuf";
import { type Article, ArticleAPI } from "@wenku/proto/api/v1/article_pb.js";
import { ReviewStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { Button, Modal, TreeSelect } from "antd";
import { useState } from "react";
import { BatchBar, BatchDeleteButton } from "../../../components/admin/BatchBar.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { BatchReviewButtons, REVIEW_CHECKS } from "../../../components/admin/reviewActions.js";
import type { CategoryOptions } from "../../../components/category/useCategoryOptions.js";
import { type Translate, useI18n } from "../../../i18n/I18nProvider.js";
import { reasonInput } from "../document/DocumentBatchBar.js";
import { ARTICLE_API, ARTICLE_SERVICES } from "./articleListQuery.js";

/** An article change: reports the outcome, refreshes the article lists, then `onDone`. */
export function useArticleMutation<I extends DescMessage, O extends DescMessage>(
  method: DescMethodUnary<I, O>,
  onDone: () => void,
  success?: string,
) {
  return useAdminMutation(method, { success, alsoInvalidates: ARTICLE_SERVICES, onSuccess: onDone });
}

/** CheckArticles' request: a rejection carries the reason, an approval clears it. */
export const checkRequest = (ids: bigint[], status: ReviewStatus, reason = "") => ({
  articleId: ids,
  status,
  rejectReason: status === ReviewStatus.REJECTED ? reason : "",
});

export const articleReasonInput = (t: Translate) => ({
  ...reasonInput(t),
  placeholder: t("adm.article.reasonPlaceholder"),
});

/**
 * What can be done to the selected articles at once: approve, reject, set categories, recommend or
 * not, delete. Only the actions the user holds permissions for are offered.
 */
export function ArticleBatchBar({
  selected,
  options,
  can,
  onDone,
}: {
  selected: readonly Article[];
  options: CategoryOptions;
  can: (path: string) => boolean;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const [categoryDialog, setCategoryDialog] = useState(false);
  const [category, setCategory] = useState<string[]>([]);
  const check = useArticleMutation(ArticleAPI.method.checkArticles, onDone);
  const recommend = useArticleMutation(ArticleAPI.method.recommendArticles, onDone);
  const remove = useArticleMutation(ArticleAPI.method.deleteArticle, onDone, t("adm.common.deleted"));
  const setCategories = useArticleMutation(ArticleAPI.method.setArticlesCategory, () => {
    setCategoryDialog(false);
    onDone();
  });
  const ids = selected.map((a) => a.id);
  const names = selected.map((a) => a.title);
  const count = selected.length;

  return (
    <BatchBar count={count} testId="article-batch">
      {can(`${ARTICLE_API}/CheckArticles`) && (
        <BatchReviewButtons
          checks={REVIEW_CHECKS}
          reason={articleReasonInput(t)}
          names={names}
          title={(action, n) => t("adm.article.batchConfirm", { action, count: n })}
          run={(status, reason) => check.run(checkRequest(ids, status, reason))}
        />
      )}
      {can(`${ARTICLE_API}/SetArticlesCategory`) && (
        <Button
          size="small"
          icon={<FolderOutlined />}
          onClick={() => {
            setCategory([]);
            setCategoryDialog(true);
          }}
        >
          {t("adm.doc.setCategory")}
        </Button>
      )}
      {can(`${ARTICLE_API}/RecommendArticles`) && (
        <>
          <Button
            size="small"
            icon={<LikeOutlined />}
            onClick={() => void recommend.run({ articleId: ids, isRecommend: true })}
          >
            {t("adm.doc.recommend")}
          </Button>
          <Button size="small" onClick={() => void recommend.run({ articleId: ids, isRecommend: false })}>
            {t("adm.doc.unrecommend")}
          </Button>
        </>
      )}
      {can(`${ARTICLE_API}/DeleteArticle`) && (
        <BatchDeleteButton
          title={t("adm.article.deleteConfirm", { count })}
          names={names}
          hint={t("adm.article.deleteHint")}
          onOk={() => remove.run({ id: ids })}
        />
      )}
      <Modal
        title={t("adm.article.setCategoryOf", { count })}
        open={categoryDialog}
        destroyOnHidden
        okButtonProps={{ disabled: category.length === 0 }}
        onCancel={() => setCategoryDialog(false)}
        confirmLoading={setCategories.pending}
        onOk={() => void setCategories.run({ articleId: ids, categoryId: category.map(BigInt) })}
      >
        <TreeSelect
          multiple
          showSearch
          treeNodeFilterProp="title"
          style={{ width: "100%" }}
          treeData={options.categoryOptions}
          placeholder={t("adm.article.categoryPlaceholder")}
          onChange={(value: string[]) => setCategory(value ?? [])}
        />
      </Modal>
    </BatchBar>
  );
}
