import { PagePlaceholder } from "../components/PagePlaceholder.js";

export default function PostPage() {
  return <PagePlaceholder title="page.post" />;
}
