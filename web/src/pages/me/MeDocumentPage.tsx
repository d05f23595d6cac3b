import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function MeDocumentPage() {
  return <PagePlaceholder title="page.me.document" />;
}
