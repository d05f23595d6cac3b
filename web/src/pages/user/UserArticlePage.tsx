import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function UserArticlePage() {
  return <PagePlaceholder title="page.user.article" />;
}
