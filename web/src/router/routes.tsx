import type { PatchRoutesOnNavigationFunction, RouteObject } from "react-router";
import { RootLayout, type RouteHandle } from "../layouts/RootLayout.js";
import { lazyPage } from "./lazyPage.js";
import { LazyRouteErrorPage } from "./routeError.js";
import { ADMIN_BASE, isSection, LAYOUTS, type LayoutEntry, type RouteEntry } from "./routeTable.js";

/** A page or section of the route table as react-router's route: pages load lazily and carry their title key. */
function toRoute(entry: RouteEntry): RouteObject {
  if (isSection(entry)) return { path: entry.path, children: entry.children.map(toRoute) };
  const handle: RouteHandle = { title: entry.title };
  const lazy = lazyPage(entry.load);
  return entry.path === null ? { index: true, lazy, handle } : { path: entry.path, lazy, handle };
}

/** Layout route whose pages render errors inside the layout, keeping header and menu usable. */
function toLayout(layout: LayoutEntry): RouteObject {
  return {
    ...(layout.path ? { path: layout.path } : {}),
    lazy: lazyPage(layout.load),
    children: [{ errorElement: <LazyRouteErrorPage />, children: layout.children.map(toRoute) }],
  };
}

const ROOT_ID = "root";

/**
 * The route tree (spec §2): one root for shared behaviour, then the public layouts
 * (router/routeTable.ts). The back office joins it through patchRoutesOnNavigation.
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ID,
    element: <RootLayout />,
    errorElement: <LazyRouteErrorPage />,
    hydrateFallbackElement: <div aria-busy="true" style={{ minHeight: "100vh" }} />,
    children: LAYOUTS.map(toLayout),
  },
];

const isAdminPath = (path: string) => path === ADMIN_BASE || path.startsWith(`${ADMIN_BASE}/`);

/**
 * Adds the back office's layout and routes (router/adminRoutes.ts) when a navigation first reaches
 * /admin (until then such a path matches only the public catch-all, which is when react-router asks).
 * Give it to every router made of `routes`.
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!isAdminPath(path.split(/[?#]/)[0] ?? "")) return;
  // A chunk of its own, imported here and not by routeTable.ts, which adminRoutes.ts imports.
  const { ADMIN_LAYOUT } = await import("./adminRoutes.js");
  patch(ROOT_ID, [toLayout(ADMIN_LAYOUT)]);
};
