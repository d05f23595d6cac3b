import type { PermissionSpec } from "@wenku/kit";
import type { Db } from "../db.js";

/**
 * Makes the permissions table equal to the contract: inserts new rows (keeping admin-edited
 * titles of existing ones), deletes rows whose RPC left the contract, and grants new rows to
 * every group that held all previous ones (the super-admin set), so root stays root.
 * Runs at start under an advisory lock; idempotent.
 */
export async function syncPermissions(
  db: Db,
  specs: readonly PermissionSpec[],
): Promise<{ added: number; removed: number }> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('wenku:permission-sync'))`;
    const existing = await tx.permission.findMany({ select: { id: true, method: true, path: true } });
    const key = (m: string, p: string) => `${m} ${p}`;
    const wanted = new Map(specs.map((s) => [key(s.method, s.path), s]));
    const have = new Map(existing.map((e) => [key(e.method, e.path), e]));

    const stale = existing.filter((e) => !wanted.has(key(e.method, e.path)));
    if (stale.length) await tx.permission.deleteMany({ where: { id: { in: stale.map((s) => s.id) } } });

    const fresh = specs.filter((s) => !have.has(key(s.method, s.path)));
    if (!fresh.length) return { added: 0, removed: stale.length };

    const keptCount = existing.length - stale.length;
    const rootGroups =
      keptCount === 0
        ? []
        : await tx.$queryRaw<Array<{ group_id: bigint }>>`
            SELECT group_id FROM group_permissions GROUP BY group_id HAVING count(*) = ${keptCount}`;
    await tx.permission.createMany({
      data: fresh.map((s) => ({ method: s.method, path: s.path, title: s.title.slice(0, 64) })),
    });
    if (rootGroups.length) {
      const created = await tx.permission.findMany({
        where: { OR: fresh.map((s) => ({ method: s.method, path: s.path })) },
        select: { id: true },
      });
      await tx.groupPermission.createMany({
        data: rootGroups.flatMap((g) => created.map((p) => ({ groupId: g.group_id, permissionId: p.id }))),
        skipDuplicates: true,
      });
    }
    return { added: fresh.length, removed: stale.length };
  });
}
