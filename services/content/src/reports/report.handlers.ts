import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import type { ReportReason } from "@wenku/proto/api/v1/enums_pb.js";
import { type ReportAPI, ReportSchema } from "@wenku/proto/api/v1/report_pb.js";
import type { ReportService } from "./report.service.js";

export function createReportHandlers(reports: ReportService): ServiceImpl<typeof ReportAPI> {
  return {
    async createReport(req, ctx) {
      await reports.create(actor(ctx), req);
      return {};
    },
    async updateReport(req) {
      await reports.handle(req);
      return {};
    },
    async deleteReport(req) {
      await reports.delete(req.id);
      return {};
    },
    async listReport(req) {
      const v = await reports.list(req);
      return {
        total: BigInt(v.total),
        report: v.rows.map((r) =>
          create(ReportSchema, {
            id: r.id,
            documentId: r.documentId,
            userId: r.userId,
            reason: r.reason as ReportReason,
            status: r.status,
            createdAt: timestampFromDate(r.createdAt),
            updatedAt: timestampFromDate(r.updatedAt),
            documentTitle: v.titles.get(r.documentId) ?? "",
            remark: r.remark,
            username: v.users.get(r.userId)?.username ?? "",
          }),
        ),
      };
    },
  };
}
