// Which API calls may change what a crawler page shows, so the rendered pages are not reused after
// them (render.ts invalidate): a call to the content or config service (documents, articles,
// categories, settings) whose method is not a read (Get…, List…, Search…). Told by the method itself:
// the Connect path names it, the REST table finds it from the verb and path.
import type { DescMethod, DescService } from "@bufbuild/protobuf";
import { deployableOf } from "@wenku/kit";
import type { RestTable } from "../rest/routes.js";

const READ = /^(?:Get|List|Search)/;

export function changesPages(method: DescMethod): boolean {
  const where = deployableOf(method.parent);
  return (where === "content" || where === "config") && !READ.test(method.name);
}

/** The method of a request the gateway forwards (Connect or REST), or null when it is neither. */
export function createMethodFinder(services: readonly DescService[], table: RestTable) {
  const byPath = new Map<string, DescMethod>(
    services.flatMap((s) => s.methods.map((m) => [`/${s.typeName}/${m.name}`, m] as const)),
  );
  return (verb: string, path: string): DescMethod | null => {
    const connect = byPath.get(path);
    if (connect) return connect;
    if (path !== "/api" && !path.startsWith("/api/")) return null;
    const found = table.match(verb, path);
    return "route" in found ? found.route.method : null;
  };
}
