import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function CategoryPage() {
  return <PagePlaceholder title="page.category" />;
}
