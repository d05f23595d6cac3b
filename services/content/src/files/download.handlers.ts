// DocumentInternalAPI.ListUserDownloads: a user's download history for the user service's
// UserAPI.ListUserDownload (/me/download). The user service checked who is asking.
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import { paging } from "@wenku/kit";
import type { DocumentInternalAPI } from "@wenku/proto/api/v1/content_internal_pb.js";
import type { FileRepository } from "./file.repository.js";

const MAX_SIZE = 100;

export function createDownloadHistoryHandlers(
  repo: Pick<FileRepository, "userDownloads">,
): Pick<ServiceImpl<typeof DocumentInternalAPI>, "listUserDownloads"> {
  return {
    async listUserDownloads(req) {
      const { skip, take } = paging(req.page, req.size, { max: MAX_SIZE, fallback: 10 });
      const { total, rows } = await repo.userDownloads(req.userId, skip, take);
      return {
        total: BigInt(total),
        download: rows.map((r) => ({
          id: r.id,
          userId: r.userId,
          documentId: r.documentId,
          ip: r.ip,
          isPay: r.isPay,
          title: r.document?.title ?? "",
          ext: r.document?.ext ?? "",
          score: r.document?.score ?? 0,
          size: r.document?.size ?? 0n,
          pages: r.document?.pages ?? 0,
          documentUuid: r.document?.uuid ?? "",
          createdAt: timestampFromDate(r.createdAt),
          updatedAt: timestampFromDate(r.createdAt),
        })),
      };
    },
  };
}
