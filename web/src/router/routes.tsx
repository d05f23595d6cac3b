import type { RouteObject } from "react-router";
import { RootLayout, type RouteHandle } from "../layouts/RootLayout.js";
import { lazyPage } from "./lazyPage.js";
import { LazyRouteErrorPage } from "./routeError.js";
import { isSection, LAYOUTS, type LayoutEntry, type RouteEntry } from "./routeTable.js";

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

/** The whole route tree (spec §2): one root for shared behaviour, then the three layouts (router/routeTable.ts). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <LazyRouteErrorPage />,
    hydrateFallbackElement: <div aria-busy="true" style={{ minHeight: "100vh" }} />,
    children: LAYOUTS.map(toLayout),
  },
];
