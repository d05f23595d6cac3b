import { type CallContext, cleanName, DomainError, isUniqueViolation, paging, requireSignedIn } from "@wenku/kit";
import { hashPassword, verifyPassword } from "../auth/password.js";
import {
  LastAdminError,
  type UserFields,
  type UserRepository,
  type UserSort,
  type UserSortColumn,
} from "./user.repository.js";
import { checkEmail, checkMobile, checkPassword, checkUsername, refuseTaken, userMessages } from "./user.rules.js";
import type { AuthzChanges, BriefChanges } from "./user.service.js";

// A Map, not an object: `sort=constructor` must not find a prototype member.
const SORTABLE = new Map<string, UserSortColumn>([
  ["id", "id"],
  ["username", "username"],
  ["created_at", "createdAt"],
  ["updated_at", "updatedAt"],
  ["login_at", "loginAt"],
]);

/** "field", "field desc", "-field" over a whitelist; anything else falls back to newest first. */
function sortOf(sort: string): UserSort {
  const m = /^\s*(-)?([a-z_]+)(?:\s+(asc|desc))?\s*$/i.exec(sort);
  const column = m?.[2] ? SORTABLE.get(m[2].toLowerCase()) : undefined;
  if (!m || !column) return { column: "id", dir: "desc" };
  return { column, dir: m[1] || m[3]?.toLowerCase() === "desc" ? "desc" : "asc" };
}

/** Staff operations on accounts: list, add, change, delete. */
export function createUserAdminService(deps: { repo: UserRepository; authz: AuthzChanges; briefs?: BriefChanges }) {
  async function checkGroups(groupIds: bigint[]): Promise<bigint[]> {
    const unique = [...new Set(groupIds)];
    const found = await deps.repo.existingGroupIds(unique);
    if (found.length !== unique.length) throw new DomainError("invalid_argument", "用户组不存在");
    return unique;
  }

  async function save<T>(fields: UserFields, exceptId: bigint, write: () => Promise<T>): Promise<T> {
    refuseTaken(await deps.repo.taken(fields, exceptId));
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) refuseTaken(await deps.repo.taken(fields, exceptId));
      throw err;
    }
  }

  return {
    /** Everyone gets public fields; holders of the permission also search (wd) and see everything. */
    async list(
      call: CallContext,
      req: {
        page: bigint;
        size: bigint;
        wd: string;
        sort: string;
        id: bigint[];
        groupId: bigint[];
        status: number[];
        limit: bigint;
      },
    ) {
      const full = !!call.identity?.granted;
      const { skip, take } =
        req.limit > 0n
          ? { skip: 0, take: paging(1n, req.limit, { max: 1000 }).take }
          : paging(req.page, req.size, { max: 1000, fallback: 10 });
      const result = await deps.repo.list({
        ids: req.id,
        groupIds: req.groupId,
        statuses: req.status,
        wd: full ? req.wd.trim() : "",
        sort: sortOf(req.sort),
        skip,
        take,
      });
      return { ...result, full };
    },

    async add(req: { username: string; password: string; email: string; mobile: string; groupId: bigint[] }) {
      const username = checkUsername(req.username);
      const password = checkPassword(req.password);
      const email = checkEmail(req.email);
      const mobile = checkMobile(req.mobile);
      const groupIds = req.groupId.length ? await checkGroups(req.groupId) : undefined;
      const passwordHash = await hashPassword(password);
      await save({ username, email, mobile }, 0n, () =>
        deps.repo.create({ username, passwordHash, email, mobile, registerIp: "", groupIds }),
      );
    },

    /**
     * Changes username, e-mail, mobile (empty keeps), groups (empty keeps) and password (empty
     * keeps; a new one revokes the user's sessions). Group changes apply at once everywhere.
     */
    async set(
      call: CallContext,
      req: { id: bigint; username: string; password: string; email: string; mobile: string; groupId: bigint[] },
    ) {
      requireSignedIn(call);
      if (req.id <= 0n) throw new DomainError("invalid_argument", "请指定用户");
      const user = await deps.repo.byId(req.id);
      if (!user) throw new DomainError("not_found", userMessages.notFound);
      const fields: UserFields & { passwordHash?: string } = {};
      // Only a new name is checked: an older lookalike account keeps its own name when edited.
      if (cleanName(req.username) && cleanName(req.username) !== user.username)
        fields.username = checkUsername(req.username);
      // a new address or number is unproven (users/ways.in.ts); the same one sent back keeps its proof
      const email = checkEmail(req.email);
      if (email && email !== user.email) Object.assign(fields, { email, emailVerified: false });
      const mobile = checkMobile(req.mobile);
      if (mobile && mobile !== user.mobile) Object.assign(fields, { mobile, mobileVerified: false });
      if (req.password) fields.passwordHash = await hashPassword(checkPassword(req.password));
      const groupIds = req.groupId.length ? await checkGroups(req.groupId) : undefined;
      try {
        await save(fields, user.id, () => deps.repo.update(user.id, fields, groupIds, true));
      } catch (err) {
        if (err instanceof LastAdminError) throw new DomainError("failed_precondition", "至少需要保留一位超级管理员");
        throw err;
      }
      if (fields.username) await deps.briefs?.changed();
      if (fields.passwordHash) await deps.repo.revokeUserSessions([user.id]);
      if (fields.passwordHash || groupIds) await deps.authz.changed();
    },

    /** Deletes accounts after re-checking the caller's password; never oneself or the last admin. */
    async delete(call: CallContext, req: { id: bigint[]; password: string }) {
      const who = requireSignedIn(call);
      const ids = [...new Set(req.id.filter((id) => id > 0n))];
      if (!ids.length) throw new DomainError("invalid_argument", "请选择要删除的用户");
      if (ids.includes(who.userId)) throw new DomainError("failed_precondition", "不能删除自己");
      if (!req.password) throw new DomainError("invalid_argument", userMessages.passwordRequired);
      const me = await deps.repo.byId(who.userId);
      if (!me || !(await verifyPassword(me.password, req.password))) {
        throw new DomainError("invalid_argument", "您输入的登录密码不正确");
      }
      if ((await deps.repo.otherAdmins(ids)) === 0) {
        throw new DomainError("failed_precondition", "不能删除最后一位超级管理员");
      }
      await deps.repo.deleteMany(ids);
      await deps.briefs?.changed();
      await deps.authz.changed();
    },
  };
}
export type UserAdminService = ReturnType<typeof createUserAdminService>;
