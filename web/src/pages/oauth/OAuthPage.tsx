import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function OAuthPage() {
  return <PagePlaceholder title="page.oauth" />;
}
