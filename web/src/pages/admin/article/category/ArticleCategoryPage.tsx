import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { useI18n } from "../../../../i18n/I18nProvider.js";
import { CategoryEditor } from "../../document/CategoryEditor.js";

/** /admin/article/category: the article category tree (same editor, type 1). */
export default function ArticleCategoryPage() {
  const { t } = useI18n();
  return <CategoryEditor type={CategoryType.ARTICLE} title={t("admin.article.category")} />;
}
