import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function MeFavoritePage() {
  return <PagePlaceholder title="page.me.favorite" />;
}
