import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function MeProfilePage() {
  return <PagePlaceholder title="page.me.profile" />;
}
