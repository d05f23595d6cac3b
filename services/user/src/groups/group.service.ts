import { type CallContext, cleanName, cleanText, DomainError, isUniqueViolation, paging } from "@wenku/kit";
import { LastAdminError } from "../users/user.repository.js";
import type { AuthzChanges } from "../users/user.service.js";
import type { GroupData, GroupRepository } from "./group.repository.js";

export const groupMessages = {
  titleRequired: "请输入用户组名称",
  titleTaken: "用户组名称已存在",
  notFound: "用户组不存在",
  keepDefault: "必须保留一个默认用户组，请将其他用户组设为默认",
  deleteDefault: "不能删除默认用户组",
  deleteAdmin: "不能删除超级管理员用户组",
  deleteWithUsers: "用户组下还有用户，不能删除",
  permissionNotFound: "权限不存在",
  lastAdmin: "至少需要保留一个拥有全部权限且有成员的用户组",
} as const;

export interface GroupInput {
  id: bigint;
  title: string;
  color: string;
  isDefault: boolean;
  isDisplay: boolean;
  description: string;
  sort: number;
  enableUpload: boolean;
  enableCommentApproval: boolean;
  enableComment: boolean;
  enableDocumentReview: boolean;
  enableArticle: boolean;
  enableArticleApproval: boolean;
}

function dataOf(g: GroupInput): GroupData {
  const title = cleanName(g.title);
  const description = cleanText(g.description);
  if (!title) throw new DomainError("invalid_argument", groupMessages.titleRequired);
  if ([...title].length > 64) throw new DomainError("invalid_argument", "用户组名称不能超过64个字符");
  if (g.color.length > 32) throw new DomainError("invalid_argument", "颜色值不正确");
  if ([...description].length > 255) throw new DomainError("invalid_argument", "描述不能超过255个字符");
  return {
    title,
    color: g.color.trim(),
    isDefault: g.isDefault,
    isDisplay: g.isDisplay,
    description,
    sort: g.sort,
    enableUpload: g.enableUpload,
    enableCommentApproval: g.enableCommentApproval,
    enableComment: g.enableComment,
    enableDocumentReview: g.enableDocumentReview,
    enableArticle: g.enableArticle,
    enableArticleApproval: g.enableArticleApproval,
  };
}

/** Groups (roles): their flags, the default group for new users, and their permission sets. */
export function createGroupService(deps: { repo: GroupRepository; authz: AuthzChanges }) {
  async function save(id: bigint, data: GroupData) {
    if (await deps.repo.titleTaken(data.title, id)) throw new DomainError("already_exists", groupMessages.titleTaken);
    try {
      return await deps.repo.save(id, data);
    } catch (err) {
      if (isUniqueViolation(err)) throw new DomainError("already_exists", groupMessages.titleTaken);
      throw err;
    }
  }

  async function get(id: bigint) {
    const g = id > 0n ? await deps.repo.byId(id) : null;
    if (!g) throw new DomainError("not_found", groupMessages.notFound);
    return g;
  }

  return {
    async create(input: GroupInput) {
      const created = await save(0n, dataOf(input));
      return get(created.id);
    },

    async update(input: GroupInput) {
      const current = await get(input.id);
      const data = dataOf(input);
      if (current.isDefault && !data.isDefault) throw new DomainError("failed_precondition", groupMessages.keepDefault);
      await save(current.id, data);
      await deps.authz.changed(); // flags such as enable_upload are read at use; caches still drop
    },

    async delete(ids: bigint[]) {
      const unique = [...new Set(ids.filter((id) => id > 0n))];
      if (!unique.length) throw new DomainError("invalid_argument", "请选择要删除的用户组");
      const groups = await deps.repo.byIds(unique);
      if (groups.length !== unique.length) throw new DomainError("not_found", groupMessages.notFound);
      const admin = new Set(await deps.repo.adminGroupIds());
      for (const g of groups) {
        if (g.isDefault) throw new DomainError("failed_precondition", groupMessages.deleteDefault);
        if (admin.has(g.id)) throw new DomainError("failed_precondition", groupMessages.deleteAdmin);
        if (g._count.users > 0) throw new DomainError("failed_precondition", groupMessages.deleteWithUsers);
      }
      await deps.repo.deleteMany(unique);
      await deps.authz.changed();
    },

    async getOne(req: { id: bigint; title: string }) {
      if (req.id > 0n) return get(req.id);
      const g = req.title.trim() ? await deps.repo.byTitle(req.title.trim()) : null;
      if (!g) throw new DomainError("not_found", groupMessages.notFound);
      return g;
    },

    /** wd is honoured only for holders of the permission (elevated view). */
    list: (call: CallContext, req: { wd: string; page: bigint; size: bigint }) =>
      deps.repo.list({
        wd: call.identity?.granted ? req.wd.trim() : "",
        ...paging(req.page, req.size, { max: 1000, fallback: 10 }),
      }),

    async permissionIds(groupId: bigint) {
      await get(groupId);
      return deps.repo.permissionIdsOf(groupId);
    },

    /** Replaces the group's permissions; takes effect at once for every logged-in member. */
    async setPermissions(groupId: bigint, permissionIds: bigint[]) {
      await get(groupId);
      const unique = [...new Set(permissionIds)];
      if ((await deps.repo.existingPermissionIds(unique)).length !== unique.length) {
        throw new DomainError("invalid_argument", groupMessages.permissionNotFound);
      }
      try {
        await deps.repo.setPermissions(groupId, unique);
      } catch (err) {
        if (err instanceof LastAdminError) throw new DomainError("failed_precondition", groupMessages.lastAdmin);
        throw err;
      }
      await deps.authz.changed();
    },
  };
}
export type GroupService = ReturnType<typeof createGroupService>;
