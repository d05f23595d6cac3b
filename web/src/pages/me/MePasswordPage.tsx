import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function MePasswordPage() {
  return <PagePlaceholder title="page.me.password" />;
}
