// The counts a shown user carries that other services own: doc_count, article_count and favorite_count
// (the content service), credit_count (the order service's ledger). Asked only where a profile is shown
// (GetUser, Login, Register, ListUser; never for the brief users of lists), kept per user, and dropped
// by api.v1.UserCountsChanged, which the content and order services broadcast after each commit that
// changes them: a profile asked again reads the cache, one changed since reads the owners again.
import type { Logger } from "@wenku/kit";
import type { ContentCounts, CreditLedger, DocumentCounter } from "../ports.js";

/** Users whose counts are kept at most; the oldest kept are forgotten first. */
const MAX_USERS = 50_000;

interface Kept {
  /** Everything the user has (a full profile: oneself, staff). */
  own?: ContentCounts;
  /** What everyone may see (a profile shown to others). */
  shown?: ContentCounts;
  credits?: number;
}

type CountedUser = { id: bigint; docCount: number; articleCount: number; favoriteCount: number; creditCount: number };

export interface UserCounts {
  /**
   * Sets the counts on `users`: full profiles get everything the user has and credit_count (a balance is
   * the user's own business), others what everyone may see. An owner that does not answer leaves its
   * counts at 0 and is logged (a profile stays readable), and nothing of that answer is kept.
   */
  fill<U extends CountedUser>(users: U[], full: boolean): Promise<U[]>;
  /** These users' counts (null: everyone's) changed: the next fill asks the owners again. */
  drop(userIds: readonly bigint[] | null): void;
}

export function createUserCounts(deps: {
  documents?: Pick<DocumentCounter, "counts">;
  credits?: Pick<CreditLedger, "balances">;
  log: Logger;
  maxUsers?: number;
}): UserCounts {
  const kept = new Map<bigint, Kept>();
  const maxUsers = deps.maxUsers ?? MAX_USERS;
  // Bumped by every drop: an answer asked before a drop may predate the change and is not kept.
  let generation = 0;

  function keep(id: bigint, part: Kept): void {
    const entry = kept.get(id);
    if (entry) Object.assign(entry, part);
    else {
      if (kept.size >= maxUsers) kept.delete(kept.keys().next().value as bigint);
      kept.set(id, part);
    }
  }

  async function ask<T>(what: string, call: () => Promise<Map<bigint, T>>): Promise<Map<bigint, T> | null> {
    try {
      return await call();
    } catch (err) {
      deps.log.warn({ err }, `${what}: the owning service did not answer`);
      return null;
    }
  }

  const { documents, credits: ledger } = deps;
  return {
    async fill(users, full) {
      if (users.length === 0) return users;
      const slot = full ? "own" : "shown";
      const ids = [...new Set(users.map((u) => u.id))];
      const contentMissing = documents ? ids.filter((id) => kept.get(id)?.[slot] === undefined) : [];
      const creditsMissing = full && ledger ? ids.filter((id) => kept.get(id)?.credits === undefined) : [];
      const asked = generation;
      // one call to each owner, both at once
      const [content, credits] = await Promise.all([
        documents && contentMissing.length ? ask("doc_count", () => documents.counts(contentMissing, !full)) : null,
        ledger && creditsMissing.length ? ask("credit_count", () => ledger.balances(creditsMissing)) : null,
      ]);
      const none: ContentCounts = { documents: 0, articles: 0, favorites: 0 };
      const fresh = new Map<bigint, Kept>();
      if (content) for (const id of contentMissing) fresh.set(id, { [slot]: content.get(id) ?? none });
      if (credits) for (const id of creditsMissing) fresh.set(id, { ...fresh.get(id), credits: credits.get(id) ?? 0 });
      if (asked === generation) for (const [id, part] of fresh) keep(id, part);
      for (const u of users) {
        const entry = { ...kept.get(u.id), ...fresh.get(u.id) };
        const c = entry[slot];
        if (c) [u.docCount, u.articleCount, u.favoriteCount] = [c.documents, c.articles, c.favorites];
        if (full && entry.credits !== undefined) u.creditCount = entry.credits;
      }
      return users;
    },

    drop(userIds) {
      generation++;
      if (userIds === null) kept.clear();
      else for (const id of userIds) kept.delete(id);
    },
  };
}
