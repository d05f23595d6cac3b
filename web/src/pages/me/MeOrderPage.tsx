import { MeFrame } from "../../components/account/MeFrame.js";
import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function MeOrderPage() {
  return (
    <MeFrame title="page.me.order">
      <PagePlaceholder title="page.me.order" />
    </MeFrame>
  );
}
