import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import type { ReadingAPI } from "@wenku/proto/api/v1/reading_pb.js";
import type { HistoryService } from "./history.service.js";

export function createHistoryHandlers(history: HistoryService): ServiceImpl<typeof ReadingAPI> {
  return {
    async setReadingProgress(req, ctx) {
      await history.save(actor(ctx), req.documentId, req.page);
      return {};
    },
    async getReadingProgress(req, ctx) {
      const row = await history.get(actor(ctx), req.documentId);
      return row
        ? { documentId: row.documentId, page: row.page, updatedAt: timestampFromDate(row.updatedAt) }
        : { documentId: req.documentId, page: 0 };
    },
    async listReadingHistory(req, ctx) {
      const { total, rows } = await history.list(actor(ctx), req.page, req.size);
      return {
        total: BigInt(total),
        history: rows.map((r) => ({
          documentId: r.documentId,
          page: r.page,
          updatedAt: timestampFromDate(r.updatedAt),
          title: r.title,
          ext: r.ext,
          pages: r.pages,
          documentUuid: r.uuid,
        })),
      };
    },
    async deleteReadingHistory(req, ctx) {
      await history.remove(actor(ctx), req.documentId);
      return {};
    },
  };
}
