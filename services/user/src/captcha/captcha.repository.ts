import type { Db } from "../db.js";

/** The only module that touches the captchas table. */
export function createCaptchaRepository(db: Db) {
  return {
    /** Stores a captcha and sweeps up to 100 expired ones (no job needed). */
    async save(c: { id: string; scene: string; answer: string; requester: string; expiresAt: Date }, now: Date) {
      await db.$executeRaw`
        DELETE FROM captchas WHERE id IN (SELECT id FROM captchas WHERE expires_at < ${now} LIMIT 100)`;
      await db.captcha.create({ data: c });
    },

    /** Deletes the captcha and returns what it was: each one can be checked once. */
    async take(id: string) {
      const rows = await db.$queryRaw<Array<{ scene: string; answer: string; requester: string; expires_at: Date }>>`
        DELETE FROM captchas WHERE id = ${id}::uuid RETURNING scene, answer, requester, expires_at`;
      const row = rows[0];
      return row ? { scene: row.scene, answer: row.answer, requester: row.requester, expiresAt: row.expires_at } : null;
    },
  };
}
export type CaptchaRepository = ReturnType<typeof createCaptchaRepository>;
