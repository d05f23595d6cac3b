import { GRPC_METHOD } from "@wenku/kit";
import type { Db } from "../db.js";

/** PunishmentType.DISABLE: the account may not be used while such a punishment is in force. */
const PUNISHMENT_DISABLE = 1;

export interface SessionGrant {
  valid: boolean;
  granted: boolean;
  staff: boolean;
}

/**
 * The one query behind every authorization: session validity (unrevoked, unexpired, account
 * enabled and not under a disable punishment in force), the permission, staff status.
 */
export function createAuthzRepository(db: Db) {
  return {
    async sessionGrant(userId: bigint, sessionId: string, path: string): Promise<SessionGrant> {
      const rows = await db.$queryRaw<Array<{ valid: boolean; granted: boolean; staff: boolean }>>`
        SELECT
          EXISTS (SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
                  WHERE s.id = ${sessionId}::uuid AND s.user_id = ${userId}
                    AND s.revoked_at IS NULL AND s.expires_at > now() AND u.status = 0
                    AND NOT EXISTS (SELECT 1 FROM punishments p
                                    WHERE p.user_id = u.id AND p.type = ${PUNISHMENT_DISABLE} AND p.enable
                                      AND (p.end_time IS NULL OR p.end_time > now()))) AS valid,
          EXISTS (SELECT 1 FROM user_groups ug
                  JOIN group_permissions gp ON gp.group_id = ug.group_id
                  JOIN permissions p ON p.id = gp.permission_id
                  WHERE ug.user_id = ${userId} AND p.method = ${GRPC_METHOD} AND p.path = ${path}) AS granted,
          EXISTS (SELECT 1 FROM user_groups ug JOIN group_permissions gp ON gp.group_id = ug.group_id
                  WHERE ug.user_id = ${userId}) AS staff`;
      const r = rows[0];
      return { valid: !!r?.valid, granted: !!r?.granted, staff: !!r?.staff };
    },
  };
}
export type AuthzRepository = ReturnType<typeof createAuthzRepository>;
