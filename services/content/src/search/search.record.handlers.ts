import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import {
  ListHiddenPopularSearchReplySchema,
  ListSearchRecordReplySchema,
  type SearchRecordAPI,
  SearchRecordSchema,
} from "@wenku/proto/api/v1/searchrecord_pb.js";
import type { UserBrief } from "../ports.js";
import type { SearchRecordRow } from "./search.record.repository.js";
import type { SearchRecordService } from "./search.records.js";

function toSearchRecord(row: SearchRecordRow, users: ReadonlyMap<bigint, UserBrief>) {
  const created = timestampFromDate(row.createdAt);
  return create(SearchRecordSchema, {
    id: row.id,
    userId: row.userId,
    username: row.userId > 0n ? (users.get(row.userId)?.username ?? "") : "",
    keywords: row.keywords,
    ip: row.ip,
    userAgent: row.userAgent,
    spendTime: row.spendMs / 1000,
    page: row.page,
    total: row.total,
    type: row.type,
    createdAt: created,
    updatedAt: created,
  });
}

/** SearchRecordAPI: the records behind /admin/document/searchrecord. */
export function createSearchRecordHandlers(records: SearchRecordService): ServiceImpl<typeof SearchRecordAPI> {
  return {
    async listSearchRecord(req) {
      const { total, rows, users } = await records.list(req);
      return create(ListSearchRecordReplySchema, {
        total: BigInt(total),
        searchRecord: rows.map((r) => toSearchRecord(r, users)),
      });
    },
    async deleteSearchRecord(req) {
      await records.delete(req.id);
      return {};
    },
    async setPopularSearchHidden(req, ctx) {
      await records.setPopularHidden(req.keywords, req.hidden, actor(ctx).identity?.userId ?? 0n);
      return {};
    },
    async listHiddenPopularSearch() {
      const rows = await records.popularHidden();
      return create(ListHiddenPopularSearchReplySchema, {
        hidden: rows.map((r) => ({ keywords: r.normalized, createdAt: timestampFromDate(r.createdAt) })),
      });
    },
  };
}
