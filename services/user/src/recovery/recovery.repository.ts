import type { OutboxSql } from "@wenku/kit/outbox";
import type { Db } from "../db.js";

/** The only module that touches the password_resets table. */
export function createRecoveryRepository(db: Db) {
  return {
    /**
     * Stores a new link for the user, voiding the user's earlier ones, and sweeps up to 100 expired
     * links (no job needed).
     */
    async replace(
      r: { tokenHash: string; userId: bigint; email: string; expiresAt: Date },
      now: Date,
      /** More writes of the same transaction (the mail carrying the link). */
      inTransaction?: (tx: OutboxSql) => Promise<void>,
    ) {
      await db.$transaction(async (tx) => {
        await tx.$executeRaw`
          DELETE FROM password_resets
          WHERE token_hash IN (SELECT token_hash FROM password_resets WHERE expires_at < ${now} LIMIT 100)`;
        await tx.$executeRaw`DELETE FROM password_resets WHERE user_id = ${r.userId}`;
        await tx.$executeRaw`
          INSERT INTO password_resets (token_hash, user_id, email, expires_at, created_at)
          VALUES (${r.tokenHash}, ${r.userId}, ${r.email}, ${r.expiresAt}, ${now})`;
        await inTransaction?.(tx);
      });
    },

    /** Whether the link with this token hash is still unused and not replaced. */
    isLive: async (tokenHash: string): Promise<boolean> =>
      (await db.$queryRaw<unknown[]>`SELECT 1 FROM password_resets WHERE token_hash = ${tokenHash}`).length > 0,

    /**
     * Uses the link: deletes it and returns its user when the token is live and was issued for this
     * e-mail address; null otherwise (unknown, expired, used, or another address's).
     */
    async take(tokenHash: string, email: string, now: Date): Promise<{ userId: bigint } | null> {
      const rows = await db.$queryRaw<Array<{ user_id: bigint }>>`
        DELETE FROM password_resets
        WHERE token_hash = ${tokenHash} AND email = ${email} AND expires_at > ${now}
        RETURNING user_id`;
      const row = rows[0];
      return row ? { userId: row.user_id } : null;
    },
  };
}
export type RecoveryRepository = ReturnType<typeof createRecoveryRepository>;
