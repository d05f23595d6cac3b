import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function DocumentPage() {
  return <PagePlaceholder title="page.document" />;
}
