import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function MeArticlePage() {
  return <PagePlaceholder title="page.me.article" />;
}
