/** A permission as the tree needs it. */
export interface TreePermission {
  id: bigint;
  method: string;
  path: string;
  title: string;
}

export interface PermissionArea<P extends TreePermission> {
  /** The proto service ("UserAPI") for GRPC rows, else the route area ("upload" for /api/v1/upload/…). */
  area: string;
  permissions: P[];
}

/** "UserAPI" for /api.v1.UserAPI/ListUser; "upload" for POST /api/v1/upload/avatar; "" if unknown. */
export function permissionArea(p: Pick<TreePermission, "method" | "path">): string {
  const grpc = /^\/api\.v1\.(\w+)\/\w+$/.exec(p.path);
  if (grpc?.[1]) return grpc[1];
  return p.path.split("/")[3] ?? "";
}

/** Groups permissions by area (moredoc's grouping by api.v1.<Service>), areas and rows in a stable order. */
export function groupPermissionsByArea<P extends TreePermission>(permissions: readonly P[]): PermissionArea<P>[] {
  const areas = new Map<string, P[]>();
  for (const p of permissions) {
    const area = permissionArea(p);
    const list = areas.get(area);
    if (list) list.push(p);
    else areas.set(area, [p]);
  }
  return [...areas.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([area, list]) => ({ area, permissions: list.sort((x, y) => x.path.localeCompare(y.path)) }));
}
