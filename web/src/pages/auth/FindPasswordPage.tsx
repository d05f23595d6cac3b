import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function FindPasswordPage() {
  return <PagePlaceholder title="page.findPassword" />;
}
