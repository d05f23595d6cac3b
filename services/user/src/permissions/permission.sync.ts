import type { PermissionSpec } from "@wenku/kit";
import type { Db } from "../db.js";

/** Width of permissions.title (varchar 64), in characters. */
const TITLE_MAX = 64;
const clip = (title: string) => [...title].slice(0, TITLE_MAX).join("");

/**
 * True while a row still shows a title nobody chose: empty, or the bare RPC name that rows got
 * before their RPC declared a title in the contract. Such a title follows the contract; any other
 * title was set by an admin (PermissionAPI.UpdatePermission) and is kept.
 *
 * Limitation: a contract title that changes later is not followed, because the previous contract
 * title is recorded nowhere; a column holding the last synced contract title would lift this.
 */
function showsDefaultTitle(row: { path: string; title: string }): boolean {
  return row.title === "" || row.title === row.path.slice(row.path.lastIndexOf("/") + 1);
}

/**
 * Makes the permissions table equal to the contract: inserts new rows with the contract title,
 * gives existing rows the contract title while they still show a default one (keeping admin-edited
 * titles), deletes rows whose RPC left the contract, and grants new rows to every group that held
 * all previous ones (the super-admin set), so root stays root.
 * Runs at start under an advisory lock; idempotent.
 */
export async function syncPermissions(
  db: Db,
  specs: readonly PermissionSpec[],
): Promise<{ added: number; removed: number; retitled: number }> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('wenku:permission-sync'))`;
    const existing = await tx.permission.findMany({ select: { id: true, method: true, path: true, title: true } });
    const key = (m: string, p: string) => `${m} ${p}`;
    const wanted = new Map(specs.map((s) => [key(s.method, s.path), s]));
    const have = new Map(existing.map((e) => [key(e.method, e.path), e]));

    const stale = existing.filter((e) => !wanted.has(key(e.method, e.path)));
    if (stale.length) await tx.permission.deleteMany({ where: { id: { in: stale.map((s) => s.id) } } });

    const retitle = existing.flatMap((e) => {
      const spec = wanted.get(key(e.method, e.path));
      const title = spec ? clip(spec.title) : "";
      return title && title !== e.title && showsDefaultTitle(e) ? [{ id: e.id, from: e.title, to: title }] : [];
    });
    // One statement; `p.title = v.from_title` leaves alone a title an admin changed meanwhile.
    const retitled = retitle.length
      ? await tx.$executeRaw`
          UPDATE permissions p SET title = v.to_title, updated_at = now()
          FROM unnest(${retitle.map((r) => r.id.toString())}::bigint[], ${retitle.map((r) => r.from)}::text[],
                      ${retitle.map((r) => r.to)}::text[]) AS v(id, from_title, to_title)
          WHERE p.id = v.id AND p.title = v.from_title`
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
      data: fresh.map((s) => ({ method: s.method, path: s.path, title: clip(s.title) })),
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
