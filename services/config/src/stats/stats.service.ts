// The site statistics (ConfigAPI.GetStats): counters gathered from the services that own the
// records, plus build and host details for staff only (moredoc showed its OS to everyone, defect #15).
import { type as osType, release } from "node:os";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type CallContext, type DailyCount, DomainError } from "@wenku/kit";
import type { StatsSchema, StatsTrendSchema } from "@wenku/proto/api/v1/config_pb.js";
import type { SearchIndexAdmin, StatsSources } from "../ports.js";
import type { LocalCounts } from "./stats.repository.js";

export interface StatsDeps {
  sources: StatsSources;
  /** The config service's own records: banners and friend links. */
  local: LocalCounts;
  /** The content service's search index: how many documents it holds (staff only). */
  searchIndex: Pick<SearchIndexAdmin, "status">;
  version: string;
  /** Build details from the environment (WENKU_BUILD_HASH, WENKU_BUILD_AT), when the image set them. */
  build?: { hash?: string; at?: Date };
  /** The host shown to staff; the machine's own by default. */
  host?: () => string;
}

/** GetStatsTrend: how many days by default, and the range it accepts. */
export const TREND_DAYS = { default: 30, min: 7, max: 90 } as const;

/** Whether the runtime knows the IANA time zone (PostgreSQL knows the same names). */
function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return /^[A-Za-z0-9_+\-/]+$/.test(zone);
  } catch {
    return false;
  }
}

export function createStatsService(deps: StatsDeps) {
  const host = deps.host ?? (() => `${osType()} ${release()}`);
  return {
    /**
     * The dashboard's trend: one entry per day of the last `days` days (30 when 0; 7 to 90) in the
     * asked time zone (UTC when empty), oldest first, from the services that own the records.
     */
    async trend(req: { days: number; timeZone: string }): Promise<MessageInitShape<typeof StatsTrendSchema>> {
      const days = req.days === 0 ? TREND_DAYS.default : req.days;
      if (!Number.isInteger(days) || days < TREND_DAYS.min || days > TREND_DAYS.max) {
        throw new DomainError(
          "invalid_argument",
          `统计天数须在 ${TREND_DAYS.min} 到 ${TREND_DAYS.max} 之间`,
          undefined,
          "days",
        );
      }
      const timeZone = req.timeZone.trim() || "UTC";
      if (!knownTimeZone(timeZone))
        throw new DomainError("invalid_argument", `未知的时区：${timeZone}`, undefined, "time_zone");
      const [users, content] = await Promise.all([
        deps.sources.userDaily(days, timeZone),
        deps.sources.contentDaily(days, timeZone),
      ]);
      const byDate = (list: DailyCount[]) => new Map(list.map((d) => [d.date, d.count]));
      const registered = byDate(users);
      const conversions = byDate(content.conversions);
      const failures = byDate(content.conversionFailures);
      const downloads = byDate(content.downloads);
      return {
        day: content.documents.map((d) => ({
          date: d.date,
          documents: d.count,
          users: registered.get(d.date) ?? 0,
          conversions: conversions.get(d.date) ?? 0,
          conversionFailures: failures.get(d.date) ?? 0,
          downloads: downloads.get(d.date) ?? 0,
        })),
      };
    },

    /**
     * Counters for everyone; staff (holders of GetStats's permission) also get build, host, queue and
     * search index figures.
     */
    async stats(call: CallContext): Promise<MessageInitShape<typeof StatsSchema>> {
      const staff = call.identity?.granted === true;
      const [userCount, c, bannerCount, friendlinkCount, index] = await Promise.all([
        deps.sources.userCount(),
        deps.sources.contentCounters(),
        deps.local.banners(!staff),
        deps.local.friendlinks(!staff),
        staff ? deps.searchIndex.status() : null,
      ]);
      // Visitors get what they may see (hidden, unreviewed, failed and recycled records are not
      // counted; reports are not public); staff get the full counts.
      if (!staff)
        return {
          userCount,
          documentCount: c.publicDocumentCount,
          categoryCount: c.publicCategoryCount,
          articleCount: c.publicArticleCount,
          commentCount: c.publicCommentCount,
          bannerCount,
          friendlinkCount,
        };
      return {
        userCount,
        documentCount: c.documentCount,
        categoryCount: c.categoryCount,
        articleCount: c.articleCount,
        commentCount: c.commentCount,
        reportCount: c.reportCount,
        bannerCount,
        friendlinkCount,
        documentPendingReviewCount: c.documentPendingReviewCount,
        documentConvertFailedCount: c.documentConvertFailedCount,
        documentConvertingCount: c.documentConvertingCount,
        // what the search answers from, whichever backend (0 while Elasticsearch does not answer)
        indexDocumentCount: Number(index?.indexed ?? 0n),
        os: host(),
        version: deps.version,
        hash: deps.build?.hash ?? "",
        buildAt: deps.build?.at ? timestampFromDate(deps.build.at) : undefined,
      };
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
