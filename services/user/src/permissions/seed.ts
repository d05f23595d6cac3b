import { generatePassword, hashPassword } from "../auth/password.js";
import type { Db } from "../db.js";
import { usernameSkeletons } from "../users/user.rules.js";

export const ADMIN_GROUP = "超级管理员";
export const DEFAULT_GROUP = "普通用户";

/**
 * First start only: the two built-in groups and the admin account (member of the admin group,
 * which holds every permission). Returns the admin's generated password exactly once.
 */
export async function seedAccounts(
  db: Db,
  opts: { adminPassword?: string },
): Promise<{ username: string; password: string } | null> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('wenku:seed-accounts'))`;
    if ((await tx.group.count()) > 0) return null;
    const admin = await tx.group.create({
      data: {
        title: ADMIN_GROUP,
        color: "#e6a23c",
        description: "拥有全部权限",
        sort: 100,
        enableUpload: true,
        enableComment: true,
        enableCommentApproval: false,
        enableDocumentReview: false,
        enableArticle: true,
        enableArticleApproval: false,
      },
    });
    await tx.group.create({
      data: {
        title: DEFAULT_GROUP,
        isDefault: true,
        description: "注册用户默认所在分组",
        enableUpload: true,
        enableComment: true,
        enableCommentApproval: true,
        enableDocumentReview: false,
        enableArticle: true,
        enableArticleApproval: true,
      },
    });
    const permissions = await tx.permission.findMany({ select: { id: true } });
    await tx.groupPermission.createMany({ data: permissions.map((p) => ({ groupId: admin.id, permissionId: p.id })) });
    const password = opts.adminPassword ?? generatePassword();
    const user = await tx.user.create({
      data: { username: "admin", ...usernameSkeletons("admin"), password: await hashPassword(password) },
    });
    await tx.userGroup.create({ data: { userId: user.id, groupId: admin.id } });
    return { username: "admin", password };
  });
}
