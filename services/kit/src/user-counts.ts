// "These users' counts changed" (api.v1.UserCountsChanged): doc_count, article_count and favorite_count
// (the content service) or credit_count (the order service's ledger). The writer tells it after its
// commit; every user-service process, which shows the counts on profiles and keeps them per user, drops
// them before the writer's reply leaves (the bus flushes the broadcast first).
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { UserCountsChangedSchema } from "@wenku/proto/api/v1/events_pb.js";
import type { Broadcaster } from "./broadcaster.js";

export const USER_COUNTS_CHANGED_SUBJECT = "wenku.users.counts.changed";

/**
 * "Users' public names or avatars changed, or users were deleted" (a payload-free change signal,
 * changes.ts): told by the user service after the commit; every process that keeps brief users (id,
 * username, avatar: the authors on lists) drops them.
 */
export const USER_BRIEFS_CHANGED_SUBJECT = "wenku.users.briefs.changed";

export interface UserCountsChanges {
  /**
   * After the commit: these users' counts (null: every user's) may differ from what was shown. A failed
   * broadcast is logged, not thrown (the change is committed).
   */
  changed(userIds: readonly bigint[] | null): Promise<void>;
}

export function userCountsChanges(
  bus: Pick<Broadcaster, "broadcast">,
  log: { error(obj: object, msg: string): void },
): UserCountsChanges {
  return {
    async changed(userIds) {
      if (userIds?.length === 0) return;
      try {
        const msg = create(UserCountsChangedSchema, { userId: [...new Set(userIds ?? [])] });
        await bus.broadcast(USER_COUNTS_CHANGED_SUBJECT, toBinary(UserCountsChangedSchema, msg));
      } catch (err) {
        log.error({ err }, "user counts changed: broadcast failed");
      }
    },
  };
}

/** Nobody listens (wirings and tests without a user service). */
export const noUserCountsChanges: UserCountsChanges = { changed: async () => {} };

/**
 * Runs `handler` for every change told by any process; null: every user (also for a message that does
 * not decode). Resolves once the subscription is live; returns its removal.
 */
export function onUserCountsChanged(
  bus: Pick<Broadcaster, "onBroadcast">,
  handler: (userIds: readonly bigint[] | null) => void,
): Promise<() => void> {
  return bus.onBroadcast(USER_COUNTS_CHANGED_SUBJECT, (data) => {
    let ids: readonly bigint[] | null = null;
    try {
      const decoded = fromBinary(UserCountsChangedSchema, data).userId;
      ids = decoded.length ? decoded : null;
    } catch {
      // undecodable: drop everything
    }
    handler(ids);
  });
}
