import { MeFrame } from "../../components/account/MeFrame.js";
import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function MeVipPage() {
  return (
    <MeFrame title="page.me.vip">
      <PagePlaceholder title="page.me.vip" />
    </MeFrame>
  );
}
