import { type CallContext, DomainError, paging, requireSignedIn } from "@wenku/kit";
import { Punish } from "../users/user.policy.js";
import type { UserRepository } from "../users/user.repository.js";
import type { AuthzChanges } from "../users/user.service.js";
import type { PunishmentRepository } from "./punishment.repository.js";

const TYPES = new Set<number>(Object.values(Punish));

export const punishmentMessages = {
  usersRequired: "请选择要处罚的用户",
  typesRequired: "请选择处罚类型",
  badType: "处罚类型不正确",
  notFound: "处罚记录不存在",
  userNotFound: "用户不存在",
  self: "不能处罚自己",
  endInPast: "处罚结束时间必须晚于当前时间",
} as const;

export interface PunishmentInput {
  enable: boolean;
  reason: string;
  remark: string;
  endTime: Date | null;
}

/**
 * Punishments: one row per (user, type), in force while enabled and before its end time (checked at
 * use, so expiry needs no job). A "disable account" punishment revokes the user's sessions at once.
 */
export function createPunishmentService(deps: {
  repo: PunishmentRepository;
  users: UserRepository;
  authz: AuthzChanges;
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());

  function checkInput(input: PunishmentInput): PunishmentInput {
    const reason = input.reason.trim();
    const remark = input.remark.trim();
    if ([...reason].length > 500 || [...remark].length > 500) {
      throw new DomainError("invalid_argument", "处罚原因和备注不能超过500个字符");
    }
    if (input.endTime && input.endTime <= now())
      throw new DomainError("invalid_argument", punishmentMessages.endInPast);
    return { enable: input.enable, reason, remark, endTime: input.endTime };
  }

  function checkType(type: number) {
    if (!TYPES.has(type)) throw new DomainError("invalid_argument", punishmentMessages.badType);
  }

  /** Appends the operator and action to the JSON audit trail. */
  async function operatorEntry(call: CallContext, action: string) {
    const who = requireSignedIn(call);
    const me = await deps.users.byId(who.userId);
    return (previous: string) => {
      let list: unknown[] = [];
      try {
        const parsed = JSON.parse(previous);
        if (Array.isArray(parsed)) list = parsed;
      } catch {
        // a malformed trail starts over rather than failing the punishment
      }
      list.push({ id: String(who.userId), username: me?.username ?? "", action, at: now().toISOString() });
      return JSON.stringify(list);
    };
  }

  const disablesNow = (p: { type: number; enable: boolean; endTime: Date | null }) =>
    p.type === Punish.disable && p.enable && (!p.endTime || p.endTime > now());

  return {
    async create(call: CallContext, req: PunishmentInput & { userId: bigint[]; type: number[] }) {
      const who = requireSignedIn(call);
      const userIds = [...new Set(req.userId.filter((id) => id > 0n))];
      const types = [...new Set(req.type)];
      if (!userIds.length) throw new DomainError("invalid_argument", punishmentMessages.usersRequired);
      if (!types.length) throw new DomainError("invalid_argument", punishmentMessages.typesRequired);
      types.forEach(checkType);
      if (userIds.includes(who.userId)) throw new DomainError("failed_precondition", punishmentMessages.self);
      const input = checkInput(req);
      if ((await deps.repo.existingUserIds(userIds)).length !== userIds.length) {
        throw new DomainError("not_found", punishmentMessages.userNotFound);
      }
      const operator = await operatorEntry(call, "create");
      for (const userId of userIds) {
        for (const type of types) {
          await deps.repo.upsert({ userId, type }, { ...input, startTime: now() }, operator);
        }
      }
      if (input.enable && types.includes(Punish.disable)) await deps.users.revokeUserSessions(userIds);
      await deps.authz.changed();
    },

    async update(call: CallContext, req: PunishmentInput & { id: bigint; type: number }) {
      const who = requireSignedIn(call);
      const current = req.id > 0n ? await deps.repo.byId(req.id) : null;
      if (!current) throw new DomainError("not_found", punishmentMessages.notFound);
      checkType(req.type);
      if (current.userId === who.userId) throw new DomainError("failed_precondition", punishmentMessages.self);
      const input = checkInput(req);
      const operator = await operatorEntry(call, "update");
      await deps.repo.update(current.id, {
        type: req.type,
        enable: input.enable,
        reason: input.reason,
        remark: input.remark,
        endTime: input.endTime,
        operators: operator(current.operators),
      });
      if (disablesNow({ ...input, type: req.type })) await deps.users.revokeUserSessions([current.userId]);
      await deps.authz.changed();
    },

    /** Lifts punishments at once; the rows stay for the record. */
    async cancel(call: CallContext, ids: bigint[]) {
      const unique = [...new Set(ids.filter((id) => id > 0n))];
      if (!unique.length) throw new DomainError("invalid_argument", "请选择要取消的处罚");
      const rows = await deps.repo.byIds(unique);
      if (rows.length !== unique.length) throw new DomainError("not_found", punishmentMessages.notFound);
      const operator = await operatorEntry(call, "cancel");
      for (const p of rows) await deps.repo.update(p.id, { enable: false, operators: operator(p.operators) });
      await deps.authz.changed();
    },

    async get(id: bigint) {
      const p = id > 0n ? await deps.repo.byId(id) : null;
      if (!p) throw new DomainError("not_found", punishmentMessages.notFound);
      return p;
    },

    list: (req: { page: bigint; size: bigint; wd: string; type: number[]; enable: boolean[]; userId: bigint[] }) =>
      deps.repo.list({
        wd: req.wd.trim(),
        types: req.type,
        enable: [...new Set(req.enable)],
        userIds: req.userId,
        ...paging(req.page, req.size, { max: 1000, fallback: 10 }),
      }),
  };
}
export type PunishmentService = ReturnType<typeof createPunishmentService>;
