import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import { ListPopularSearchReplySchema, type SearchAPI, SearchReplySchema } from "@wenku/proto/api/v1/search_pb.js";
import { articlesReply, documentsReply } from "./search.mapper.js";
import type { SearchRecordService } from "./search.records.js";
import type { SearchService } from "./search.service.js";

/** SearchAPI: the /search page's one call, documents or articles, and the empty page's suggestions. */
export function createSearchHandlers(
  search: SearchService,
  records: SearchRecordService,
): ServiceImpl<typeof SearchAPI> {
  return {
    async search(req, ctx) {
      if (req.type === ContentKind.ARTICLE) {
        const found = articlesReply(await search.articles(actor(ctx), req));
        return create(SearchReplySchema, { ...found, hit: [], articleHit: found.hit });
      }
      const r = await search.documents(actor(ctx), {
        page: req.page,
        size: req.size,
        wd: req.wd,
        categoryId: req.categoryId,
        sort: req.sort,
        ext: req.ext,
        userId: 0n,
        createdAt: [],
        language: [],
        languageId: [],
      });
      return create(SearchReplySchema, documentsReply(r));
    },
    async listPopularSearch(req) {
      const rows = await records.popular(req.limit);
      return create(ListPopularSearchReplySchema, {
        search: rows.map((r) => ({ keywords: r.keywords, count: BigInt(r.count) })),
      });
    },
  };
}
