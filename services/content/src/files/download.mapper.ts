import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { FileRepository } from "./file.repository.js";

type DownloadRow = Awaited<ReturnType<FileRepository["userDownloads"]>>["rows"][number];

/** One entry of a user's download history, with its document's title, type, pages and size while it exists. */
export function toUserDownload(r: DownloadRow) {
  return {
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
  };
}
