import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function UserIndexPage() {
  return <PagePlaceholder title="page.user.index" />;
}
