// The daily check-in: once per user per day in the site's time zone; the award (score.sign_in) is
// owed in the check-in's transaction (the credit outbox) and booked in the order service's ledger
// under the key sign:<user>:<YYYYMMDD>.
import type { CreditOutbox } from "@wenku/credit-outbox";
import { type CallContext, DomainError, isUniqueViolation, requireSignedIn, toTextParams } from "@wenku/kit";
import type { RewardSettings } from "../ports.js";
import type { SignRepository, SignRow } from "./sign.repository.js";

export const signMessages = {
  already: "今天已经签到过了",
  notYet: "今天还没有签到",
};

/** The day `at` falls on in `timeZone`, as YYYYMMDD. */
export function dayOf(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, p) => Object.assign(acc, { [p.type]: p.value }), {});
  return Number(`${parts.year}${parts.month}${parts.day}`);
}

/** The feed line of a check-in (moredoc's wording), with the site's name for credits. */
export function signLine(award: number, creditName: string): string {
  return award > 0 ? `签到获得 ${award} ${creditName}` : "完成了今日签到";
}

export function createSignService(deps: {
  repo: SignRepository;
  outbox: CreditOutbox;
  rewards: RewardSettings;
  /** IANA time zone the site's days start in. */
  timeZone: string;
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());
  return {
    async signToday(call: CallContext): Promise<SignRow> {
      const who = requireSignedIn(call);
      const day = dayOf(now(), deps.timeZone);
      // Checked first so a repeated click does not wait on the ledger or the settings.
      if (await deps.repo.byDay(who.userId, day)) throw new DomainError("already_exists", signMessages.already);
      const { signIn: award, creditName } = await deps.rewards.current();
      const key = `sign:${who.userId}:${day}`;
      let sign: SignRow;
      try {
        sign = await deps.repo.signOnce(
          { userId: who.userId, day, ip: call.clientIp.slice(0, 64), award },
          { content: signLine(award, creditName), params: toTextParams({ award }) },
          async (tx) => {
            if (award <= 0) return;
            await deps.outbox.enqueue(tx, {
              userId: who.userId,
              amount: award,
              code: "sign",
              reason: signLine(award, creditName),
              params: {},
              refKind: "day",
              refId: BigInt(day),
              idempotencyKey: key,
            });
          },
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw new DomainError("already_exists", signMessages.already);
        throw err;
      }
      // Booked now when the order service answers; otherwise the outbox retries until it does.
      if (award > 0) await deps.outbox.deliver([key]);
      return sign;
    },

    async signedToday(call: CallContext): Promise<SignRow> {
      const who = requireSignedIn(call);
      const sign = await deps.repo.byDay(who.userId, dayOf(now(), deps.timeZone));
      if (!sign) throw new DomainError("not_found", signMessages.notYet);
      return sign;
    },
  };
}
export type SignService = ReturnType<typeof createSignService>;
