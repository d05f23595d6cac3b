// The user service as the content service asks it: UserInternalAPI over the service transport.
import { createClient, type Transport } from "@connectrpc/connect";
import { headers, type Logger } from "@wenku/kit";
import { UserInternalAPI } from "@wenku/proto/api/v1/internal_pb.js";
import type { UserBrief, UserDirectory } from "./ports.js";

const TIMEOUT_MS = 5_000;
/** GetUsers answers at most this many ids per call. */
const BATCH = 1000;

export function createUserDirectory(transport: Transport, internalToken: string, log?: Logger): UserDirectory {
  const client = createClient(UserInternalAPI, transport);
  const callOptions = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  async function policy(userId: bigint, article: boolean) {
    const p = await client.getUploadPolicy({ userId, article }, callOptions);
    return { allowed: p.allowed, reason: p.reason, needsReview: p.needsReview };
  }
  return {
    uploadPolicy: (userId) => policy(userId, false),
    articlePolicy: (userId) => policy(userId, true),
    async users(ids) {
      const unique = [...new Set(ids)].filter((id) => id > 0n);
      const out = new Map<bigint, UserBrief>();
      for (let i = 0; i < unique.length; i += BATCH) {
        const reply = await client.getUsers({ id: unique.slice(i, i + BATCH) }, callOptions);
        for (const u of reply.user) out.set(u.id, { id: u.id, username: u.username, avatar: u.avatar });
      }
      return out;
    },
    async setAvatar(userId, avatar) {
      await client.setUserAvatar({ userId, avatar }, callOptions);
    },
    async recordUploads(userId, docs) {
      if (!docs.length) return;
      try {
        await client.recordDocumentsUploaded({ userId, document: [...docs] }, callOptions);
      } catch (err) {
        log?.warn({ err, userId: userId.toString(), documents: docs.length }, "upload feed entries not recorded");
      }
    },
  };
}
