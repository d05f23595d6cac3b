import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function MeIndexPage() {
  return <PagePlaceholder title="page.me.index" />;
}
