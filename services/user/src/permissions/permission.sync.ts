import type { PermissionSpec } from "@wenku/kit";
import type { Db } from "../db.js";

/** Width of permissions.title (varchar 64), in characters. */
const TITLE_MAX = 64;
const clip = (title: string) => [...title].slice(0, TITLE_MAX).join("");

/**
 * Makes the permissions table equal to the contract: inserts new rows with the contract title,
 * follows contract title changes on rows whose title nobody edited (title = title_default, the
 * last synced contract title) and keeps admin-edited titles, deletes rows whose RPC left the contract, and grants new rows to every group that held
 * all previous ones (the super-admin set), so root stays root.
 * Runs at start under an advisory lock; idempotent.
 */
export async function syncPermissions(
  db: Db,
  specs: readonly PermissionSpec[],
): Promise<{ added: number; removed: number; retitled: number }> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('wenku:permission-sync'))`;
    const existing = await tx.permission.findMany({ select: { id: true, method: true, path: true } });
    const key = (m: string, p: string) => `${m} ${p}`;
    const wanted = new Map(specs.map((s) => [key(s.method, s.path), s]));
    const have = new Map(existing.map((e) => [key(e.method, e.path), e]));

    const stale = existing.filter((e) => !wanted.has(key(e.method, e.path)));
    if (stale.length) await tx.permission.deleteMany({ where: { id: { in: stale.map((s) => s.id) } } });

    // One statement: rows whose title still equals the last synced contract title follow the new
    // one; every row records the new contract title as its default. An admin edit made meanwhile
    // (title no longer equal to title_default) is left alone.
    const kept = existing.flatMap((e) => {
      const spec = wanted.get(key(e.method, e.path));
      return spec ? [{ id: e.id, title: clip(spec.title) }] : [];
    });
    const retitled = kept.length
      ? await tx.$executeRaw`
          UPDATE permissions p
          SET title = CASE WHEN p.title = p.title_default THEN v.title ELSE p.title END,
              title_default = v.title, updated_at = now()
          FROM unnest(${kept.map((r) => r.id.toString())}::bigint[], ${kept.map((r) => r.title)}::text[])
            AS v(id, title)
          WHERE p.id = v.id AND p.title_default IS DISTINCT FROM v.title`
      : 0;

    const fresh = specs.filter((s) => !have.has(key(s.method, s.path)));
    if (!fresh.length) return { added: 0, removed: stale.length, retitled };

    const keptCount = existing.length - stale.length;
    const rootGroups =
      keptCount === 0
        ? []
        : await tx.$queryRaw<Array<{ group_id: bigint }>>`
            SELECT group_id FROM group_permissions GROUP BY group_id HAVING count(*) = ${keptCount}`;
    await tx.permission.createMany({
      data: fresh.map((s) => ({ method: s.method, path: s.path, title: clip(s.title), titleDefault: clip(s.title) })),
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
    return { added: fresh.length, removed: stale.length, retitled };
  });
}
