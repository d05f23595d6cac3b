import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function MeDownloadPage() {
  return <PagePlaceholder title="page.me.download" />;
}
