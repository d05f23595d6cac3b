import { MeFrame } from "../../components/account/MeFrame.js";
import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function MeDocumentPage() {
  return (
    <MeFrame title="page.me.document">
      <PagePlaceholder title="page.me.document" />
    </MeFrame>
  );
}
