// The site statistics (ConfigAPI.GetStats): counters gathered from the services that own the
// records, plus build and host details for staff only (moredoc showed its OS to everyone, defect #15).
import { type as osType, release } from "node:os";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { CallContext } from "@wenku/kit";
import type { StatsSchema } from "@wenku/proto/api/v1/config_pb.js";
import type { StatsSources } from "../ports.js";

export interface StatsDeps {
  sources: StatsSources;
  version: string;
  /** Build details from the environment (WENKU_BUILD_HASH, WENKU_BUILD_AT), when the image set them. */
  build?: { hash?: string; at?: Date };
  /** The host shown to staff; the machine's own by default. */
  host?: () => string;
}

export function createStatsService(deps: StatsDeps) {
  const host = deps.host ?? (() => `${osType()} ${release()}`);
  return {
    /** Counters for everyone; staff (holders of GetStats's permission) also get build, host and queue figures. */
    async stats(call: CallContext): Promise<MessageInitShape<typeof StatsSchema>> {
      const [userCount, c] = await Promise.all([deps.sources.userCount(), deps.sources.contentCounters()]);
      const counters = {
        userCount,
        documentCount: c.documentCount,
        categoryCount: c.categoryCount,
        articleCount: c.articleCount,
        commentCount: c.commentCount,
        reportCount: c.reportCount,
        // Banners and friend links are not built yet: there are none.
        bannerCount: 0,
        friendlinkCount: 0,
      };
      if (!call.identity?.granted) return counters;
      return {
        ...counters,
        documentPendingReviewCount: c.documentPendingReviewCount,
        documentConvertFailedCount: c.documentConvertFailedCount,
        documentConvertingCount: c.documentConvertingCount,
        os: host(),
        version: deps.version,
        hash: deps.build?.hash ?? "",
        buildAt: deps.build?.at ? timestampFromDate(deps.build.at) : undefined,
      };
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
