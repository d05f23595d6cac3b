import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function LoginPage() {
  return <PagePlaceholder title="page.login" />;
}
