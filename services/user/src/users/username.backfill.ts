// A start-up backfill: accounts created before the username-skeleton columns (lookalike names) get
// theirs, in batches, before the service serves. Idempotent; replicas take turns.
import { isUniqueViolation } from "@wenku/kit";
import type { Db } from "../db.js";
import { usernameSkeletons } from "./user.rules.js";

/** Accounts filled in per statement by fillUsernameSkeletons. */
const FILL_BATCH = 1000;

/**
 * Gives accounts without username skeletons (created before the columns) theirs, oldest first: an account
 * whose lookalike already holds a skeleton keeps NULL there (it goes on working under its exact name; a
 * rename gives it one). Run at start before serving; replicas take turns (advisory lock), and a batch that
 * meets a registration committing the same skeleton is tried again. Returns how many skeletons were stored.
 */
export async function fillUsernameSkeletons(db: Db): Promise<number> {
  let filled = 0;
  let after = 0n;
  for (;;) {
    const rows = await db.user.findMany({
      where: { OR: [{ usernameSkeleton: null }, { usernameSkeletonCased: null }], id: { gt: after } },
      select: { id: true, username: true },
      orderBy: { id: "asc" },
      take: FILL_BATCH,
    });
    const last = rows.at(-1);
    if (!last) return filled;
    const ids = rows.map((r) => String(r.id));
    const like = rows.map((r) => usernameSkeletons(r.username));
    const folded = like.map((l) => l.usernameSkeleton);
    const cased = like.map((l) => l.usernameSkeletonCased);
    for (let attempt = 1; ; attempt++) {
      try {
        filled += await db.$transaction(async (tx) => {
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('wenku:users:username_skeleton'))`;
          // Per column: the oldest of the batch's accounts sharing a skeleton, unless an account holds it.
          const a = await tx.$executeRaw`
            UPDATE users u SET username_skeleton = v.s
            FROM (SELECT DISTINCT ON (s) id, s FROM unnest(${ids}::bigint[], ${folded}::text[]) AS t(id, s)
                  ORDER BY s, id) v
            WHERE u.id = v.id AND u.username_skeleton IS NULL
              AND NOT EXISTS (SELECT 1 FROM users o WHERE o.username_skeleton = v.s)`;
          const b = await tx.$executeRaw`
            UPDATE users u SET username_skeleton_cased = v.s
            FROM (SELECT DISTINCT ON (s) id, s FROM unnest(${ids}::bigint[], ${cased}::text[]) AS t(id, s)
                  ORDER BY s, id) v
            WHERE u.id = v.id AND u.username_skeleton_cased IS NULL
              AND NOT EXISTS (SELECT 1 FROM users o WHERE o.username_skeleton_cased = v.s)`;
          return a + b;
        });
        break;
      } catch (err) {
        if (attempt >= 3 || !isUniqueViolation(err)) throw err;
      }
    }
    after = last.id;
  }
}
