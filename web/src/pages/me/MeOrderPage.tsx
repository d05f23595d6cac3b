import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function MeOrderPage() {
  return <PagePlaceholder title="page.me.order" />;
}
