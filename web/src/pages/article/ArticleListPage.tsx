import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function ArticleListPage() {
  return <PagePlaceholder title="page.articleList" />;
}
