// VIP memberships and the cards that sell them. Cards: staff write them, /joinvip lists the enabled
// ones. Memberships: extended by a paid BUY_VIP order (vip.line.ts) or an administrator's grant; each
// extension is booked once, then the user service is told the new end (users.vip_expired_at drives
// is_vip and the advertisements).
import { type CallContext, DomainError, paging, requireSignedIn } from "@wenku/kit";
import type { VipCardType } from "@wenku/proto/api/v1/enums_pb.js";
import type { UserDirectory } from "../ports.js";
import type { VipDownloads } from "./vip.downloads.repository.js";
import { type Benefits, benefitsOf, type Grant, type VipRepository } from "./vip.repository.js";
import {
  cardTypeForDays,
  extendExpiry,
  type VipCardInput,
  validateCard,
  validateGrant,
  vipMessages,
} from "./vip.rules.js";

export interface ListCardInput {
  page: bigint;
  size: bigint;
  enable: readonly boolean[];
  type: readonly VipCardType[];
}

export interface ListMemberInput {
  page: bigint;
  size: bigint;
  wd: string;
  userId: readonly bigint[];
  cardType: readonly VipCardType[];
}

/** Staff pages: 10 rows unless asked, at most 100; /joinvip shows every enabled card (at most 100). */
const PAGE = { max: 100, fallback: 10 } as const;
const PUBLIC_PAGE = { max: 100, fallback: 100 } as const;

const oneValue = (values: readonly boolean[]) => (values.length === 1 ? values[0] : undefined);

export interface VipServiceDeps {
  repo: VipRepository;
  users: Pick<UserDirectory, "username" | "setVipExpiry">;
  /** Today's VIP downloads for /me/vip. */
  downloads: Pick<VipDownloads, "today">;
  /** After a card write (the settings show the cards on sale); absent: nobody is told. */
  cardsChanged?: () => Promise<void>;
  clock?: () => Date;
}

export function createVipService(deps: VipServiceDeps) {
  const { repo, users } = deps;
  const now = deps.clock ?? (() => new Date());
  const notFound = () => new DomainError("not_found", vipMessages.notFound);

  /** Books one extension, then tells the user service (also after a replay: a failed telling is retried). */
  async function extend(g: Omit<Grant, "extend" | "username" | "now">) {
    const username = await users.username(g.userId);
    if (username === undefined) throw new DomainError("not_found", vipMessages.userNotFound);
    const at = now();
    const result = await repo.grant({
      ...g,
      username,
      now: at,
      extend: (current) => extendExpiry(current, g.days, at),
    });
    await users.setVipExpiry(g.userId, result.member.expiredAt);
    return result;
  }

  const changed = async () => {
    await deps.cardsChanged?.();
  };

  return {
    async createCard(input: VipCardInput) {
      const card = await repo.createCard(validateCard(input));
      await changed();
      return card;
    },
    async updateCard(input: VipCardInput) {
      if (input.id <= 0n) throw new DomainError("invalid_argument", vipMessages.pickEdit, undefined, "id");
      if (!(await repo.updateCard(input.id, validateCard(input)))) throw notFound();
      await changed();
    },
    async deleteCards(ids: readonly bigint[]) {
      const wanted = [...new Set(ids)].filter((id) => id > 0n);
      if (!wanted.length) throw new DomainError("invalid_argument", vipMessages.pickDelete, undefined, "id");
      if (await repo.deleteCards(wanted)) await changed();
    },
    async card(id: bigint) {
      return (await repo.card(id)) ?? Promise.reject(notFound());
    },

    /** Holders of ListVipCard's permission: every card, filtered. Others: the enabled cards only. */
    async cards(call: CallContext, req: ListCardInput) {
      const staff = !!call.identity?.granted;
      const p = paging(req.page, req.size, staff ? PAGE : PUBLIC_PAGE);
      const enable = staff ? oneValue(req.enable) : true;
      return { staff, ...(await repo.cards({ enable, type: req.type }, p.skip, p.take)) };
    },

    members(req: ListMemberInput) {
      const p = paging(req.page, req.size, PAGE);
      return repo.members({ wd: req.wd.trim(), userId: req.userId, cardType: req.cardType }, p.skip, p.take);
    },

    /** The caller's membership (lapsed ones too) and its VIP downloads today; NotFound if never VIP. */
    async mine(call: CallContext) {
      const member = await repo.member(requireSignedIn(call).userId);
      if (!member) throw new DomainError("not_found", vipMessages.neverVip);
      return { member, today: await deps.downloads.today(member.userId, now()) };
    },

    /** An administrator grants or extends a membership; recorded with who granted it and why. */
    async grant(call: CallContext, input: { userId: bigint; days: number; remark: string }) {
      const admin = requireSignedIn(call).userId;
      const g = validateGrant(input);
      const current = await repo.member(g.userId);
      const cardType = current && current.totalDays > 0 ? current.cardType : cardTypeForDays(g.days);
      // A running membership keeps its benefits; a new or lapsed one gets those of a card of its type.
      const running = !!current && current.totalDays > 0 && current.expiredAt > now();
      const card = running ? null : await repo.cardOfType(cardType);
      const benefits = card ? benefitsOf(card) : undefined;
      const { member } = await extend({ ...g, cardType, cardId: 0n, grantedBy: admin, benefits });
      return member;
    },

    /** A paid BUY_VIP order: extends once per order id (vip.line.ts). */
    deliver: (o: {
      userId: bigint;
      orderId: bigint;
      cardId: bigint;
      cardType: number;
      days: number;
      benefits: Benefits;
    }) =>
      extend({
        userId: o.userId,
        orderId: o.orderId,
        cardId: o.cardId,
        cardType: o.cardType,
        days: o.days,
        grantedBy: 0n,
        remark: "",
        benefits: o.benefits,
      }),
  };
}
export type VipService = ReturnType<typeof createVipService>;
