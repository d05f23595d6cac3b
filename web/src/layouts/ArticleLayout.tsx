import { useLocation } from "react-router";
import { FrontLayout } from "./FrontLayout.js";

/** Spec §2 article layout: header and main; the footer is hidden on the /article list itself. */
export default function ArticleLayout() {
  const { pathname } = useLocation();
  return <FrontLayout showFooter={pathname.replace(/\/+$/, "") !== "/article"} />;
}
