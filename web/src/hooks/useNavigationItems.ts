import { useQuery } from "@connectrpc/connect-query";
import type { Navigation } from "@wenku/proto/api/v1/navigation_pb.js";
import { NavigationAPI } from "@wenku/proto/api/v1/navigation_pb.js";
import { useMemo } from "react";

/** Spec §7/§9: the navigation list is fetched with page 1 and size 10000. */
export const NAVIGATION_LIST_SIZE = 10_000n;

const byOrder = (a: Navigation, b: Navigation) => a.sort - b.sort || Number(a.id - b.id);

/** Keeps enabled items (and enabled children), ordered by `sort`. */
export function enabledNavigation(items: readonly Navigation[]): Navigation[] {
  return items
    .filter((item) => item.enable)
    .map((item) => ({ ...item, children: item.children.filter((child) => child.enable).sort(byOrder) }))
    .sort(byOrder);
}

/**
 * The admin-configured header items shown after the fixed ones (home, documents, articles).
 * A failed load leaves just the fixed items: the header must render without the config service.
 */
export function useNavigationItems(): Navigation[] {
  const { data } = useQuery(NavigationAPI.method.listNavigation, { page: 1n, size: NAVIGATION_LIST_SIZE });
  return useMemo(() => (data ? enabledNavigation(data.navigation) : []), [data]);
}
