// The credits ledger's rules: what a booking may be, the balance never below 0, one booking per
// idempotency key, and the caller's own log.
import {
  type CallContext,
  DomainError,
  paging,
  requireSignedIn,
  textParamsProblem,
  type UserCountsChanges,
} from "@wenku/kit";
import type { Booking, CreditEntryRow, LedgerRepository } from "./ledger.repository.js";

export const ledgerMessages = {
  userId: "用户ID无效",
  zeroAmount: "积分变动不能为 0",
  code: "积分变动原因代码无效",
  reason: "积分变动说明不能超过 255 个字符",
  refKind: "积分变动关联类型无效",
  params: "积分变动参数无效",
  key: "幂等键不能为空，且不能超过 128 个字符",
  keyReused: "该幂等键已用于另一笔积分变动",
  tooMany: "一次最多查询 1000 个用户",
  insufficient: (name: string, balance: number) => `${name}不足：当前余额 ${balance}`,
  overflow: (name: string) => `${name}余额超出上限`,
};

const CODE = /^[a-z][a-z0-9_]{0,31}$/;
const REF_KIND = /^([a-z][a-z0-9_]{0,31})?$/;
const MAX_IDS = 1000;
const LOG_MAX_SIZE = 100;

export interface LedgerDeps {
  repo: LedgerRepository;
  /** The site's name for credits (system.credit_name), for the messages users read. */
  creditName(): Promise<string>;
  /** Told after each booking commits (the user service keeps credit_count); absent: nobody is told. */
  counts?: UserCountsChanges;
}

export function createLedgerService(deps: LedgerDeps) {
  const invalid = (message: string, field: string): never => {
    throw new DomainError("invalid_argument", message, undefined, field);
  };
  const same = (a: CreditEntryRow, b: Booking) =>
    a.userId === b.userId &&
    a.amount === b.amount &&
    a.code === b.code &&
    a.refKind === b.refKind &&
    a.refId === b.refId;

  return {
    /**
     * Books `amount` (signed) for a user once per idempotency key. A replay answers the first entry
     * and changes nothing; the same key for a different booking is refused, never silently merged.
     */
    async apply(b: Booking): Promise<{ entry: CreditEntryRow; replayed: boolean }> {
      if (b.userId <= 0n) invalid(ledgerMessages.userId, "user_id");
      if (b.amount === 0) invalid(ledgerMessages.zeroAmount, "amount");
      if (!CODE.test(b.code)) invalid(ledgerMessages.code, "code");
      if ([...b.reason].length > 255) invalid(ledgerMessages.reason, "reason");
      if (!REF_KIND.test(b.refKind)) invalid(ledgerMessages.refKind, "ref_kind");
      const problem = textParamsProblem(b.params ?? {});
      if (problem) invalid(`${ledgerMessages.params}：${problem}`, "params");
      if (!b.idempotencyKey || b.idempotencyKey.length > 128) invalid(ledgerMessages.key, "idempotency_key");
      const r = await deps.repo.book(b);
      switch (r.kind) {
        case "booked":
          await deps.counts?.changed([b.userId]);
          return { entry: r.entry, replayed: false };
        case "replayed":
          if (!same(r.entry, b)) throw new DomainError("already_exists", ledgerMessages.keyReused);
          return { entry: r.entry, replayed: true };
        case "insufficient":
          throw new DomainError("failed_precondition", ledgerMessages.insufficient(await deps.creditName(), r.balance));
        case "overflow":
          throw new DomainError("failed_precondition", ledgerMessages.overflow(await deps.creditName()));
      }
    },

    /** Balances of the users asked for; users without any booking have 0 and are absent. */
    async balances(userIds: readonly bigint[]): Promise<Map<bigint, number>> {
      if (userIds.length > MAX_IDS) invalid(ledgerMessages.tooMany, "user_id");
      const ids = [...new Set(userIds)].filter((id) => id > 0n);
      return ids.length ? deps.repo.balances(ids) : new Map();
    },

    /** The caller's own ledger, newest first. */
    async myLog(call: CallContext, req: { page: bigint; size: bigint; refType: readonly string[] }) {
      const who = requireSignedIn(call);
      const codes = req.refType.map((c) => c.trim()).filter(Boolean);
      for (const c of codes) if (!CODE.test(c)) invalid(ledgerMessages.code, "ref_type");
      const { skip, take } = paging(req.page, req.size, { max: LOG_MAX_SIZE, fallback: 10 });
      return deps.repo.entries(who.userId, codes, skip, take);
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
