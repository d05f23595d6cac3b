import type { OutboxSql } from "@wenku/kit/outbox";
import type { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";

/** Where a code was sent and what it is for: at most one live code per key. */
export interface CodeKey {
  channel: "email" | "sms";
  target: string;
  purpose: number;
}

/** The only module that touches the verification_codes table. */
export function createCodeRepository(db: Db) {
  return {
    /**
     * Stores the key's code, replacing any earlier one (its attempts start again at 0), and sweeps up
     * to 100 expired codes (no job needed).
     */
    async replace(
      c: CodeKey & { id: string; codeHash: string; ip: string; expiresAt: Date },
      now: Date,
      /** More writes of the same transaction (the mail carrying the code). */
      inTransaction?: (tx: OutboxSql) => Promise<void>,
    ) {
      await db.$transaction(async (tx: Prisma.TransactionClient) => {
        await tx.$executeRaw`
        DELETE FROM verification_codes
        WHERE id IN (SELECT id FROM verification_codes WHERE expires_at < ${now} LIMIT 100)`;
        await tx.$executeRaw`
        INSERT INTO verification_codes (id, channel, target, purpose, code_hash, attempts, ip, expires_at, created_at)
        VALUES (${c.id}::uuid, ${c.channel}, ${c.target}, ${c.purpose}, ${c.codeHash}, 0, ${c.ip}, ${c.expiresAt}, ${now})
        ON CONFLICT (channel, target, purpose) DO UPDATE
        SET id = EXCLUDED.id, code_hash = EXCLUDED.code_hash, attempts = 0, ip = EXCLUDED.ip,
            expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at`;
        await inTransaction?.(tx);
      });
    },
    /** Whether the code `id` is still the live one (not used, replaced or swept). */
    isLive: async (id: string): Promise<boolean> =>
      (await db.$queryRaw<unknown[]>`SELECT 1 FROM verification_codes WHERE id = ${id}::uuid`).length > 0,

    /**
     * Counts one attempt at the key's code, atomically: null when there is no code, it expired or it
     * already had `maxAttempts` attempts; otherwise the code's id and hash, to compare with.
     */
    async claimAttempt(key: CodeKey, now: Date, maxAttempts: number) {
      const rows = await db.$queryRaw<Array<{ id: string; code_hash: string }>>`
        UPDATE verification_codes SET attempts = attempts + 1
        WHERE channel = ${key.channel} AND target = ${key.target} AND purpose = ${key.purpose}
          AND expires_at > ${now} AND attempts < ${maxAttempts}
        RETURNING id::text, code_hash`;
      const row = rows[0];
      return row ? { id: row.id, codeHash: row.code_hash } : null;
    },

    /** Deletes the code `id`; false when it is already gone (used, or replaced by a newer code). */
    async remove(id: string): Promise<boolean> {
      return (await db.$executeRaw`DELETE FROM verification_codes WHERE id = ${id}::uuid`) === 1;
    },
  };
}
export type CodeRepository = ReturnType<typeof createCodeRepository>;
