// UserAPI.ListUserDownload (/me/download): the caller's own download history, which the content
// service keeps (DocumentInternalAPI.ListUserDownloads); the user service only says who is asking.
import { type CallContext, DomainError, requireSignedIn } from "@wenku/kit";
import type { ListUserDownloadReply } from "@wenku/proto/api/v1/user_pb.js";
import type { DocumentCounter } from "../ports.js";

export function createDownloadHistory(documents: DocumentCounter | undefined) {
  return {
    async mine(call: CallContext, page: bigint, size: bigint): Promise<ListUserDownloadReply> {
      const me = requireSignedIn(call).userId;
      if (!documents?.downloads) throw new DomainError("unavailable", "下载记录暂不可用");
      return documents.downloads(me, page, size);
    },
  };
}

export type DownloadHistory = ReturnType<typeof createDownloadHistory>;
