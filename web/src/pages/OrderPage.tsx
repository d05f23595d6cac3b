import { PagePlaceholder } from "../components/PagePlaceholder.js";

export default function OrderPage() {
  return <PagePlaceholder title="page.order" />;
}
