import { PagePlaceholder } from "../components/PagePlaceholder.js";

export default function SearchPage() {
  return <PagePlaceholder title="page.search" />;
}
