// Favorites of documents and articles: add (public targets only, once per user and target), remove
// one's own, one's favorite of a target, one's list. Who may favorite is the user service's answer
// (GetActionPolicy "favorite": the no-favorite and disable punishments, with their reasons).
import { type CallContext, DomainError, paging, requireSignedIn, type UserCountsChanges } from "@wenku/kit";
import { isPublic as isPublicArticle } from "../articles/article.rules.js";
import type { CreditRewards } from "../credits/credit.rewards.js";
import { isPublic as isPublicDocument } from "../documents/visibility.js";
import type { UserDirectory } from "../ports.js";
import type { FavoriteListed, FavoriteRepository, TargetKind } from "./favorite.repository.js";

export const FAVORITE_MAX_SIZE = 100;
const DEFAULT_SIZE = 20;

const notFoundTarget = (kind: TargetKind) =>
  new DomainError("not_found", kind === "document" ? "文档不存在" : "文章不存在");

export interface FavoriteServiceDeps {
  repo: FavoriteRepository;
  users: Pick<UserDirectory, "policy" | "recordActivity">;
  /** The uploader's reward for a favorite (score.document_collected); absent: none. */
  rewards?: CreditRewards;
  /** Told the user's favorite_count changed after a favorite was added or removed; absent: nobody. */
  counts?: UserCountsChanges;
}

function checkTargetId(id: bigint, kind: TargetKind): bigint {
  if (id <= 0n)
    throw new DomainError(
      "invalid_argument",
      kind === "document" ? "请选择要收藏的文档" : "请选择要收藏的文章",
      undefined,
      "document_id",
    );
  return id;
}

export function createFavoriteService(deps: FavoriteServiceDeps) {
  const { repo } = deps;
  return {
    /**
     * Adds the target to the caller's favorites. Favoriting it again is a no-op answering the same
     * favorite (a double click, two tabs), so favorite_count counts each user once.
     */
    async add(call: CallContext, kind: TargetKind, rawId: bigint): Promise<FavoriteListed> {
      const me = requireSignedIn(call).userId;
      const id = checkTargetId(rawId, kind);
      const policy = await deps.users.policy(me, "favorite");
      if (!policy.allowed) throw new DomainError("permission_denied", policy.reason || "您没有收藏的权限");
      const target = await repo.target(kind, id);
      // public targets only (as comments): not even the owner or staff favorite a hidden one
      const visible = target && (kind === "document" ? isPublicDocument(target) : isPublicArticle(target));
      if (!target || !visible) throw notFoundTarget(kind);
      // Another user's new favorite of a document owes its uploader the reward (once per user and document).
      const plan = kind === "document" ? await deps.rewards?.plan() : undefined;
      let owed: string[] = [];
      const { row, created } = await repo.add(
        me,
        kind,
        id,
        plan &&
          (async (tx) => {
            owed = await plan.favorited(tx, target, me);
          }),
      );
      await deps.rewards?.deliver(owed);
      if (created) {
        await deps.counts?.changed([me]);
        await deps.users.recordActivity?.(me, "favorite", [{ kind, id, ref: target.ref, title: target.title }]);
      }
      return {
        ...row,
        title: target.title,
        ref: target.ref,
        ext: target.ext,
        score: target.score,
        size: target.size,
        pages: target.pages,
      };
    },

    /** Removes favorites of the caller; ids of others' favorites remove nothing. */
    async remove(call: CallContext, raw: readonly bigint[]): Promise<void> {
      const me = requireSignedIn(call).userId;
      const ids = [...new Set(raw.filter((id) => id > 0n))];
      if (!ids.length) throw new DomainError("invalid_argument", "请选择要取消的收藏", undefined, "id");
      if (!(await repo.remove(me, ids))) throw new DomainError("not_found", "收藏不存在或已取消");
      await deps.counts?.changed([me]);
    },

    /**
     * The caller's favorite of the target; null when they have none (or can no longer open it). Not an
     * error: every signed-in page view of a document asks, and most have none.
     */
    async mine(call: CallContext, kind: TargetKind, rawId: bigint): Promise<FavoriteListed | null> {
      const me = requireSignedIn(call).userId;
      return repo.mine(me, kind, checkTargetId(rawId, kind));
    },

    async list(call: CallContext, kind: TargetKind, page: bigint, size: bigint) {
      const me = requireSignedIn(call).userId;
      const p = paging(page, size, { max: FAVORITE_MAX_SIZE, fallback: DEFAULT_SIZE });
      return repo.page(me, kind, p.skip, p.take);
    },

    /** user.favorite_count for the user service (CountUserDocuments). */
    perUser: (ids: readonly bigint[]) => repo.perUser(ids),
  };
}
export type FavoriteService = ReturnType<typeof createFavoriteService>;
