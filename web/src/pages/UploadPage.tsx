import { PagePlaceholder } from "../components/PagePlaceholder.js";

export default function UploadPage() {
  return <PagePlaceholder title="page.upload" />;
}
