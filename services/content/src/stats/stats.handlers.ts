// ContentInternalAPI: counters of the content service's records for the site statistics.
import type { ServiceImpl } from "@connectrpc/connect";
import type { ContentInternalAPI } from "@wenku/proto/api/v1/internal_pb.js";
import type { StatsService } from "./stats.service.js";

export function createContentInternalHandlers(stats: StatsService): ServiceImpl<typeof ContentInternalAPI> {
  return {
    async getContentStats() {
      return stats.contentStats();
    },
  };
}
