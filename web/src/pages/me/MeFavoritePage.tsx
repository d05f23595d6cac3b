import { MeFrame } from "../../components/account/MeFrame.js";
import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function MeFavoritePage() {
  return (
    <MeFrame title="page.me.favorite">
      <PagePlaceholder title="page.me.favorite" />
    </MeFrame>
  );
}
