import { cleanName, cleanText, DomainError, paging } from "@wenku/kit";
import type { PermissionRepository } from "./permission.repository.js";

/** Permission rows come from the contract; staff may only retitle and describe them. */
export function createPermissionService(deps: { repo: PermissionRepository }) {
  async function get(id: bigint) {
    const p = id > 0n ? await deps.repo.byId(id) : null;
    if (!p) throw new DomainError("not_found", "权限不存在");
    return p;
  }
  return {
    get,
    list: (req: { page: bigint; size: bigint; wd: string; method: string[]; path: string }) =>
      deps.repo.list({
        wd: req.wd.trim(),
        methods: req.method.map((m) => m.trim().toUpperCase()).filter(Boolean),
        path: req.path.trim(),
        ...paging(req.page, req.size, { max: 1000, fallback: 10 }),
      }),
    async update(req: { id: bigint; title: string; description: string }) {
      await get(req.id);
      const title = cleanName(req.title);
      if (!title) throw new DomainError("invalid_argument", "请输入权限名称");
      if ([...title].length > 64) throw new DomainError("invalid_argument", "权限名称不能超过64个字符");
      const description = cleanText(req.description);
      if ([...description].length > 255) throw new DomainError("invalid_argument", "权限描述不能超过255个字符");
      await deps.repo.update(req.id, { title, description });
    },
  };
}
export type PermissionService = ReturnType<typeof createPermissionService>;
