import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function RegisterPage() {
  return <PagePlaceholder title="page.register" />;
}
