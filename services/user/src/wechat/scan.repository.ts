import type { Db } from "../db.js";

export interface ScanScene {
  scene: string;
  /** Set when a signed-in user asked to bind the scanning account to themselves. */
  userId: bigint | null;
  openid: string | null;
  /** Who scanned: the official account's openid (oauth type 8) or the mini program's (5). */
  oauthType: number;
  consumed: boolean;
  expiresAt: Date;
}

/** The only module that touches wechat_scan_scenes and wechat_push_nonces. */
export function createScanRepository(db: Db) {
  return {
    /** Stores a new scene and sweeps up to 100 long-expired ones (no job needed). */
    async create(s: { scene: string; userId: bigint | null; expiresAt: Date }, now: Date) {
      const old = new Date(now.getTime() - 3600_000);
      await db.$executeRaw`
        DELETE FROM wechat_scan_scenes WHERE scene IN
          (SELECT scene FROM wechat_scan_scenes WHERE expires_at < ${old} LIMIT 100)`;
      await db.wechatScanScene.create({ data: s });
    },

    async byScene(scene: string): Promise<ScanScene | null> {
      const row = await db.wechatScanScene.findUnique({ where: { scene } });
      return row
        ? {
            scene: row.scene,
            userId: row.userId,
            openid: row.openid,
            oauthType: row.oauthType,
            consumed: row.consumedAt !== null,
            expiresAt: row.expiresAt,
          }
        : null;
    },

    /**
     * The first scan of a live scene sets its openid (of `oauthType`'s app); a later one (or one after
     * expiry) changes nothing.
     */
    async scanned(scene: string, openid: string, now: Date, oauthType: number): Promise<boolean> {
      const n = await db.$executeRaw`
        UPDATE wechat_scan_scenes SET openid = ${openid}, oauth_type = ${oauthType}, scanned_at = ${now}
        WHERE scene = ${scene} AND openid IS NULL AND expires_at > ${now}`;
      return n === 1;
    },

    /** Marks a scanned scene done; true for exactly one caller. */
    async consume(scene: string, now: Date): Promise<boolean> {
      const n = await db.$executeRaw`
        UPDATE wechat_scan_scenes SET consumed_at = ${now}
        WHERE scene = ${scene} AND openid IS NOT NULL AND consumed_at IS NULL`;
      return n === 1;
    },

    /** Records a handled push; false when it was handled before (a replay, or WeChat's retry). */
    async firstPush(nonce: string, keepUntil: Date, now: Date): Promise<boolean> {
      await db.$executeRaw`
        DELETE FROM wechat_push_nonces WHERE nonce IN
          (SELECT nonce FROM wechat_push_nonces WHERE expires_at < ${now} LIMIT 100)`;
      const n = await db.$executeRaw`
        INSERT INTO wechat_push_nonces (nonce, expires_at) VALUES (${nonce}, ${keepUntil})
        ON CONFLICT (nonce) DO NOTHING`;
      return n === 1;
    },
  };
}
export type ScanRepository = ReturnType<typeof createScanRepository>;
