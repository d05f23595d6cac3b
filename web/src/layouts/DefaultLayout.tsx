import { FrontLayout } from "./FrontLayout.js";

/** Spec §2 default layout: header, main, footer. */
export default function DefaultLayout() {
  return <FrontLayout showFooter />;
}
