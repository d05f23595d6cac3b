import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function CategoryListPage() {
  return <PagePlaceholder title="page.categoryList" />;
}
