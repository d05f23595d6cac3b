// The sitemap's schedule (settings sitemap.auto_update and sitemap.update_interval_hours, which this
// service owns): every few minutes it asks the content service for a sitemap no older than the
// interval. The content service builds only when the stored one is older (one stat otherwise), so
// several replicas of this service looking at once cost nothing more, and a fresh site, whose sitemap
// does not exist yet, gets one soon after its first start.
import type { Logger } from "@wenku/kit";
import type { SitemapAdmin } from "../ports.js";

/** How often the schedule looks, and how long after the start it first does (the other services start meanwhile). */
export const SITEMAP_LOOK_EVERY_MS = 10 * 60_000;
export const SITEMAP_FIRST_LOOK_MS = 60_000;

export interface SitemapScheduleSettings {
  autoUpdate: boolean;
  intervalHours: number;
}

export interface SitemapScheduleDeps {
  sitemap: SitemapAdmin;
  /** The sitemap settings of the moment (read at each look: a change applies at the next one). */
  settings: () => Promise<SitemapScheduleSettings>;
  log: Logger;
  everyMs?: number;
  firstMs?: number;
}

/** One look: a rebuild when auto-update is on and the stored sitemap is older than the interval. */
export async function lookAtSitemap(
  deps: Pick<SitemapScheduleDeps, "sitemap" | "settings" | "log">,
  signal?: AbortSignal,
): Promise<void> {
  const s = await deps.settings();
  if (!s.autoUpdate) return;
  const hours = Math.max(1, s.intervalHours);
  if (await deps.sitemap.rebuild(hours * 3600, signal)) deps.log.info({ hours }, "sitemap rebuilt on schedule");
}

export function startSitemapSchedule(deps: SitemapScheduleDeps) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = lookAtSitemap(deps, stopping.signal)
        .catch((err) => {
          if (!stopped) deps.log.warn({ err }, "sitemap: the scheduled rebuild failed");
        })
        .finally(() => schedule(deps.everyMs ?? SITEMAP_LOOK_EVERY_MS));
    }, ms);
    timer.unref();
  };
  schedule(deps.firstMs ?? SITEMAP_FIRST_LOOK_MS);
  return {
    /** Stops looking; a rebuild under way is no longer waited for (the content service finishes it). */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      stopping.abort();
      await running;
    },
  };
}
