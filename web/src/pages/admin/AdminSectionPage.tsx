import { useMatches } from "react-router";
import { PagePlaceholder } from "../../components/PagePlaceholder.js";
import type { RouteHandle } from "../../layouts/RootLayout.js";

/**
 * Placeholder for the back-office screens not built yet; its title comes from the route handle
 * (router/adminPages.ts). A finished screen gets its own module under pages/admin/<area>/.
 */
export default function AdminSectionPage() {
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  return <PagePlaceholder title={handle?.title ?? "adminLayout.title"} />;
}
