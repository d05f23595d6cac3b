// UserAPI.ListUserDownload (/me/download): the caller's own download history, which the content
// service keeps (DocumentInternalAPI.ListUserDownloads); the user service only says who is asking.
import type { ServiceImpl } from "@connectrpc/connect";
import { actor, DomainError, requireSignedIn } from "@wenku/kit";
import type { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import type { DocumentCounter } from "../ports.js";

export function createDownloadHistoryHandlers(
  documents: DocumentCounter | undefined,
): Pick<ServiceImpl<typeof UserAPI>, "listUserDownload"> {
  return {
    async listUserDownload(req, ctx) {
      const me = requireSignedIn(actor(ctx)).userId;
      if (!documents?.downloads) throw new DomainError("unavailable", "下载记录暂不可用");
      return documents.downloads(me, req.page, req.size);
    },
  };
}
