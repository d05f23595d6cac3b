import { MeFrame } from "../../components/account/MeFrame.js";
import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function MeArticlePage() {
  return (
    <MeFrame title="page.me.article">
      <PagePlaceholder title="page.me.article" />
    </MeFrame>
  );
}
