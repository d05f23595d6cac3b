import { MeFrame } from "../../components/account/MeFrame.js";
import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function MeDownloadPage() {
  return (
    <MeFrame title="page.me.download">
      <PagePlaceholder title="page.me.download" />
    </MeFrame>
  );
}
