import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function FindPasswordMobilePage() {
  return <PagePlaceholder title="page.findPasswordMobile" />;
}
