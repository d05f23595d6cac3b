import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function UserDocumentPage() {
  return <PagePlaceholder title="page.user.document" />;
}
