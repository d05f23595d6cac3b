import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { SitemapFileSchema, SitemapStatusSchema } from "@wenku/proto/api/v1/content_internal_pb.js";
import type { SitemapStatusView } from "./sitemap.builder.js";

export function toSitemapStatus(v: SitemapStatusView) {
  return create(SitemapStatusSchema, {
    builtAt: v.builtAt ? timestampFromDate(v.builtAt) : undefined,
    rebuilt: v.rebuilt,
    shard: v.shards.map((s) =>
      create(SitemapFileSchema, {
        name: s.name,
        urls: s.urls,
        bytes: BigInt(s.bytes),
        lastmod: s.lastmod ? timestampFromDate(s.lastmod) : undefined,
      }),
    ),
  });
}
