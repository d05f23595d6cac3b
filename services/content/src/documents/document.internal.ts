// DocumentInternalAPI: what other services ask about documents (the user service: doc_count).
import type { ServiceImpl } from "@connectrpc/connect";
import { DomainError } from "@wenku/kit";
import type { DocumentInternalAPI } from "@wenku/proto/api/v1/internal_pb.js";
import { MAX_COUNTED_USERS, type UserCountsRepository } from "./user-counts.repository.js";

export function createDocumentInternalHandlers(counts: UserCountsRepository): ServiceImpl<typeof DocumentInternalAPI> {
  return {
    async countUserDocuments(req) {
      if (req.userId.length > MAX_COUNTED_USERS)
        throw new DomainError("invalid_argument", `一次最多统计 ${MAX_COUNTED_USERS} 个用户`);
      const perUser = await counts.liveDocumentsPerUser(req.userId);
      return { count: [...perUser].map(([userId, docCount]) => ({ userId, docCount })) };
    },
  };
}
