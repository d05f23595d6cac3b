import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { CategoryEditor } from "./CategoryEditor.js";

/** /admin/document/category: the document category tree. */
export default function DocumentCategoryPage() {
  const { t } = useI18n();
  return <CategoryEditor type={CategoryType.DOCUMENT} title={t("admin.document.category")} />;
}
