import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function ArticlePage() {
  return <PagePlaceholder title="page.article" />;
}
